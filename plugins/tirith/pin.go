package tirith

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sync"
)

// pin holds the SHA-256 the installed tirith must have. The binary is
// re-hashed before a run whenever its stamp (inode, size, mtime and the
// inode change time, which no one can set back) differs from the one last
// hashed: hashing tirith on every command would cost more than running it.
type pin struct {
	want string // hex; "" pins nothing

	mu    sync.Mutex
	stamp stamp // of the last good hash; zero for none
}

type stamp struct {
	dev, ino, size, mtime, ctime int64
}

func (p *pin) check(path string) error {
	if p.want == "" {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	st, ok := stampOf(fi)
	if ok && st == p.stamp {
		return nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != p.want {
		p.stamp = stamp{}
		return fmt.Errorf("%s was replaced since it was installed (SHA-256 %s, installed %s): refusing to run it; "+
			"run 'hguard plugin install tirith' to reinstall it", path, got, p.want)
	}
	if ok {
		p.stamp = st
	}
	return nil
}
