module tourney

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/coder/websocket v1.8.15
	github.com/schollz/progressbar/v3 v3.19.1
	golang.org/x/term v0.47.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.30.0 // indirect
)
