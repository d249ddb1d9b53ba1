package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCat60ShortOptionAttached: a short option's value glued to it
// (getopt's -xVALUE) is read as the spaced -x VALUE: by the catalogue
// (the leading options of an entry whose letter takes a value), by the
// generic fallback (a shell's path or a file the line wrote, attached to
// any short option), and by the serving rules, which read python's -m,
// php's -S and ruby's -e through options(). Found by rt60's mutations of
// the capability corpus.
func TestCat60ShortOptionAttached(t *testing.T) {
	checkHoles(t, []holeCase{
		{"start-stop-daemon -S -x/bin/rm -- -rf /", dsl.Block, dsl.Block},
		{"start-stop-daemon -n x -S -x/bin/sh", dsl.Ask, dsl.Ask},
		{"agetty -l/bin/bash -o -p -a root tty1", dsl.Ask, dsl.Ask},
		{"cdist shell -s/bin/sh", dsl.Ask, dsl.Ask},
		{"ksu -q -e/bin/sh", dsl.Ask, dsl.Ask},
		{"printf 'events {}\\nhttp { server { listen 8080; root /; autoindex on; dav_methods PUT; } }\\n' > /tmp/n.conf; nginx -c/tmp/n.conf", dsl.Ask, dsl.Ask},
		{"printf 'load_module /tmp/mod.so;\\n' > /tmp/n.conf && nginx -t -c/tmp/n.conf", dsl.Ask, dsl.Ask},
		{"printf 'server.document-root = \"/\"\\nserver.port = 8080\\n' > /tmp/l.conf; lighttpd -D -f/tmp/l.conf", dsl.Ask, dsl.Ask},
		{"printf 'module(load=\"omprog\")\\naction(type=\"omprog\" binary=\"/tmp/h.sh\")\\n' > /tmp/rs.conf; rsyslogd -n -f/tmp/rs.conf", dsl.Ask, dsl.Ask},
		{"echo 'exec \"/bin/sh\";' > /tmp/n.conf; needrestart -c/tmp/n.conf", dsl.Ask, dsl.Ask},
		{"python3 -mhttp.server 8000 --directory /", dsl.Ask, dsl.Ask},
		{"python3 -mhttp.server 8000 -d ~", dsl.Ask, dsl.Ask},
		{"php -S0.0.0.0:80", dsl.Ask, dsl.Ask},
		{"ruby -run -ehttpd / -p 8080", dsl.Ask, dsl.Ask},
		{"tcpdump -ieth0 -w capture.pcap", dsl.Allow, dsl.Ask},
		{"tcpdump -ieth0 -c 10", dsl.Allow, dsl.Allow},
		// harmless twins stay allowed
		{"python3 -m pytest", dsl.Allow, dsl.Allow},
		{"python3 -mpytest -q", dsl.Allow, dsl.Allow},
		{"python3 -mhttp.server 8000", dsl.Allow, dsl.Allow},
		{"php -v", dsl.Allow, dsl.Allow},
		{"php -Slocalhost:8000 -tpublic", dsl.Allow, dsl.Allow},
		{"gcc -O2 -o app x.c", dsl.Allow, dsl.Allow},
		{"gcc -O2 -oapp -Iinclude -L/usr/lib x.c", dsl.Allow, dsl.Allow},
		{"make -j4", dsl.Allow, dsl.Allow},
		{"start-stop-daemon -S -x/usr/sbin/nginx -p/run/nginx.pid", dsl.Allow, dsl.Allow},
		{"nginx -t -c/etc/nginx/nginx.conf", dsl.Allow, dsl.Allow},
		{"grep -rn -e/usr/bin/sh notes.txt", dsl.Allow, dsl.Allow},
	})
}
