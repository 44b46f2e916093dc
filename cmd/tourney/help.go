package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
)

// The reference, as `go help TOPIC` has it: one Markdown file a topic,
// embedded in the binary. A topic's first line is "# NAME: summary";
// its ```sh blocks are examples, and TestHelpExamplesRun runs every one.
//
//go:embed help/*.md
var helpFS embed.FS

// topic is one help topic.
type topic struct {
	name, summary, body string
}

// topicOrder is the order `tourney help` lists the topics in: the
// concepts first, then the games.
var topicOrder = []string{
	"space", "formats", "clock", "verdict", "bots", "files", "report", "cluster", "maps",
	"connect4", "groker", "tourality", "reversixt", "speed", "synthetic",
}

// topicAliases name a topic by another word.
var topicAliases = map[string]string{
	"methods": "formats", "statistics": "verdict", "protocols": "bots", "protocol": "bots",
	"results": "files", "serve": "report", "spsa": "formats", "cmaes": "formats",
}

// topics reads the embedded topics in topicOrder (any file not listed
// there comes after, sorted).
func topics() []topic {
	entries, err := helpFS.ReadDir("help")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	rank := map[string]int{}
	for i, n := range topicOrder {
		rank[n] = i + 1
	}
	var out []topic
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".md")
		b, err := helpFS.ReadFile(path.Join("help", e.Name()))
		if err != nil {
			panic(err)
		}
		body := string(b)
		first, _, _ := strings.Cut(body, "\n")
		_, summary, _ := strings.Cut(strings.TrimPrefix(first, "# "), ": ")
		out = append(out, topic{name: name, summary: summary, body: body})
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank[out[i].name], rank[out[j].name]
		if ri == 0 {
			ri = len(topicOrder) + 1
		}
		if rj == 0 {
			rj = len(topicOrder) + 1
		}
		if ri != rj {
			return ri < rj
		}
		return out[i].name < out[j].name
	})
	return out
}

// lookupTopic finds a topic by name or alias.
func lookupTopic(name string) (topic, bool) {
	if a, ok := topicAliases[name]; ok {
		name = a
	}
	for _, t := range topics() {
		if t.name == name {
			return t, true
		}
	}
	return topic{}, false
}

// runHelp is `tourney help [TOPIC|COMMAND]`.
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printMainUsage(stdout)
		return 0
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "tourney help takes one topic or command, got %d arguments\n", len(args))
		return 2
	}
	if t, ok := lookupTopic(args[0]); ok {
		fmt.Fprint(stdout, terminalMarkdown(t.body))
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			// a command's help is its -h (on stdout here: it was asked for)
			return report(c.run(context.Background(), []string{"-h"}, stdout, stdout), stderr)
		}
	}
	fmt.Fprintf(stderr, "tourney help %s: no such topic or command; 'tourney help' lists them\n", args[0])
	return 2
}

// terminalMarkdown renders a topic for a terminal: the fences of code
// blocks go and their lines are indented four spaces; the rest is
// Markdown as written (it is written to read as plain text).
func terminalMarkdown(md string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			in = !in
			continue
		}
		if in && l != "" {
			b.WriteString("    ")
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// topicExamples returns a topic's example command lines: the lines of
// its ```sh blocks, without comments and blank lines.
func topicExamples(md string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			in = !in && strings.TrimSpace(strings.TrimPrefix(l, "```")) == "sh"
			continue
		}
		if !in {
			continue
		}
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
	}
	return out
}
