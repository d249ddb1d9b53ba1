package plugins

import (
	"sync"
	"time"

	"github.com/hguard/hguard/dsl"
)

// cacheTTL is how long a detector's answer about one exact line stands.
// A person who presses Enter on the same line again, an agent retrying a
// refused command, a shell hook and the agent hook asking about the same
// line: they get the answer at once. Short, because what a detector
// consults (its threat data, a host's DNS) may change.
const cacheTTL = 30 * time.Second

// cacheMax bounds the entries kept; past it the expired ones go, then all.
const cacheMax = 4096

// verdictCache keeps a running detector's answers by exact line, working
// directory and shell. It belongs to one running process, so the
// detector's binary and configuration are part of its key by construction:
// a restarted (or re-pinned, or reconfigured) detector starts empty. Only
// answers are kept, never failures.
type verdictCache struct {
	mu      sync.Mutex
	entries map[string]cacheEntry
	now     func() time.Time // tests
}

type cacheEntry struct {
	findings []dsl.Finding
	until    time.Time
}

func cacheKey(original, cwd, shell string) string {
	return original + "\x00" + cwd + "\x00" + shell
}

func (c *verdictCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

func (c *verdictCache) get(key string) ([]dsl.Finding, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || !c.clock().Before(e.until) {
		return nil, false
	}
	return append([]dsl.Finding(nil), e.findings...), true
}

func (c *verdictCache) put(key string, fs []dsl.Finding) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.clock()
	if c.entries == nil {
		c.entries = map[string]cacheEntry{}
	}
	if len(c.entries) >= cacheMax {
		for k, e := range c.entries {
			if !now.Before(e.until) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= cacheMax {
			clear(c.entries)
		}
	}
	c.entries[key] = cacheEntry{findings: append([]dsl.Finding(nil), fs...), until: now.Add(cacheTTL)}
}
