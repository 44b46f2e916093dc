// Package configs holds the example spaces; default.toml is embedded in
// the binary and runs when `tourney sweep` is given no file.
package configs

import _ "embed"

// Default is the embedded default space.
//
//go:embed default.toml
var Default []byte
