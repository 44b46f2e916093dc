package report

import (
	"os"

	"github.com/BurntSushi/toml"

	"tourney/tuner/space"
)

// LoadSpace loads a results directory's copy of its space for reading,
// never starting a bot: a space whose external bot declares its knobs in
// its hello (params = "hello") would start the bot to read them, from
// the results directory, where its relative command does not resolve. It
// returns an error for such a space, and the callers fall back on the
// results files (variants.csv's columns).
func LoadSpace(path string) (*space.Space, error) {
	var raw struct {
		Bots map[string]struct {
			Params any `toml:"params"`
		} `toml:"bots"`
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := toml.Decode(string(b), &raw); err == nil {
		for name, bot := range raw.Bots {
			if s, ok := bot.Params.(string); ok && s == "hello" {
				return nil, &space.InputError{File: path, Message: "bot " + name + " declares its parameters in its hello: not started to read a results directory"}
			}
		}
	}
	return space.Load(path)
}
