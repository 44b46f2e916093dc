package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tourney/engines/all"
	"tourney/engines/game"
)

const listUsage = `[GAME]

Lists the games, or one game's maps, bots and every bot parameter with its
type, default and allowed range.`

func runList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, "tourney list connect4", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("list takes at most one game, got %d arguments", len(pos))
	}
	if len(pos) == 0 {
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "GAME\tPLAYERS\tMOVES\tBOTS\tDESCRIPTION")
		for _, g := range all.Games() {
			in := g.Info()
			kind := "sequential"
			if in.Simultaneous {
				kind = "simultaneous"
			}
			var bots []string
			for _, b := range g.Bots() {
				bots = append(bots, b.Name)
			}
			players := fmt.Sprint(in.MinPlayers)
			if in.MaxPlayers != in.MinPlayers {
				players += "-" + fmt.Sprint(in.MaxPlayers)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", in.Name, players, kind, strings.Join(bots, ","), in.Doc)
		}
		tw.Flush()
		fmt.Fprintln(stdout, "\n'tourney list GAME' shows a game's maps, bots and parameters.")
		return nil
	}
	g, err := all.Find(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	listGame(stdout, g)
	return nil
}

func listGame(w io.Writer, g game.Game) {
	in := g.Info()
	fmt.Fprintf(w, "%s: %s\n", in.Name, in.Doc)
	fmt.Fprintf(w, "players %d..%d, maximum length %d\n", in.MinPlayers, in.MaxPlayers, in.MaxLength)
	fmt.Fprintf(w, "maps: %s (default %s)", strings.Join(g.Maps(), ", "), g.Maps()[0])
	if in.HasMaps {
		fmt.Fprint(w, "; map files are accepted by path")
	}
	fmt.Fprintln(w)
	for i, b := range g.Bots() {
		def := ""
		if i == 0 {
			def = " (default bot)"
		}
		fmt.Fprintf(w, "\nbot %s%s: %s\n", b.Name, def, b.Doc)
		if len(b.Params) == 0 {
			fmt.Fprintln(w, "  no parameters")
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  PARAMETER\tTYPE\tDEFAULT\tRANGE\tMEANING")
		for _, p := range b.Params {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", p.Name, p.Kind, game.FormatValue(p.Default), p.Range(), p.Doc)
		}
		tw.Flush()
	}
}
