package report

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/BurntSushi/toml"

	"tourney/tuner/space"
	"tourney/tuner/study"
)

// LoadSpace loads a results directory's copy of its space for reading,
// never starting a bot: a bot whose parameters come from its hello
// (params = "hello") is read from the directory's record of what it
// declared when the sweep started (bots.json, space.LoadRecorded), with
// the directory its command ran in. A directory without that record (a
// sweep of an older version) would have to start the bot, from the
// results directory, where its relative command does not resolve: it
// returns an error for it, and the callers fall back on the results
// files (variants.csv's columns).
func LoadSpace(path string) (*study.Study, error) {
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
		var hello []string
		for name, bot := range raw.Bots {
			if s, ok := bot.Params.(string); ok && s == "hello" {
				hello = append(hello, name)
			}
		}
		sort.Strings(hello)
		if space.HasHelloBot(filepath.Dir(path), hello) {
			return nil, &space.InputError{File: path, Message: "bot " + hello[0] + " declares its parameters in its hello, and the directory has no record of them (" + space.BotRecordFile + "): not started to read a results directory"}
		}
	}
	return study.LoadRecorded(path)
}
