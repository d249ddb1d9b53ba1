module github.com/hguard/hguard

go 1.26.0

require (
	github.com/expr-lang/expr v1.17.8
	github.com/rogpeppe/go-internal v1.16.0
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.44.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
