package cmdline

import (
	"slices"
	"testing"
)

func TestServedDirs(t *testing.T) {
	for _, tc := range []struct {
		prog, text string
		want       []string
	}{
		{"nginx", "http { server { listen 80; root /; autoindex on; } }", []string{"/"}},
		{"nginx", "server {\n  location /k/ { alias /home/u/.ssh/; }\n}", []string{"/home/u/.ssh/"}},
		{"openresty", "root \"/srv/www\";", []string{"/srv/www"}},
		{"nginx", "location / { proxy_pass http://127.0.0.1:3000; }\ndocument_root /x;", nil},
		{"nginx", "root html;", nil},
		{"lighttpd", "server.document-root = \"/\"\nmimetype.assign = (\".html\" => \"text/html\")", []string{"/"}},
		{"lighttpd", "alias.url = ( \"/k\" => \"/root/.ssh\" )", []string{"/root/.ssh"}},
		{"apache2", "DocumentRoot \"/\"\n<Directory />\nOptions Indexes\n</Directory>", []string{"/"}},
		{"httpd", "Alias /k /home/u", []string{"/home/u"}},
		{"caddy", ":8080 {\n\troot * /\n\tfile_server browse\n}", []string{"/"}},
		{"caddy", ":8080 {\n\troot /srv\n\tfile_server\n}", []string{"/srv"}},
		{"caddy", ":8080 {\n\troot * /\n\tphp_fastcgi unix//run/php.sock\n}", nil},
		{"caddy", `{"handler": "file_server", "root": "~"}`, []string{"~"}},
		{"cat", "root /;", nil},
	} {
		if got := servedDirs(tc.prog, tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("servedDirs(%s, %q) = %q, want %q", tc.prog, tc.text, got, tc.want)
		}
	}
}
