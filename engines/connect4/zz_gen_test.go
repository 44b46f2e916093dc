package connect4_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tourney/engines/connect4"
)

func dirs(b uint64) []string {
	var out []string
	for i, d := range []uint{1, connect4.Stride, connect4.Stride - 1, connect4.Stride + 1} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			out = append(out, []string{"vertical", "horizontal", "antidiag", "diag"}[i])
		}
	}
	return out
}

func TestGen(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 7))
	found := map[string]bool{}
	for g := 0; g < 20000 && len(found) < 12; g++ {
		s := connect4.NewState()
		moves := ""
		for !s.Over() {
			var cs []int
			for c := 0; c < 7; c++ { if s.CanPlay(c) { cs = append(cs, c) } }
			c := cs[rng.IntN(len(cs))]
			s.Play(c)
			moves += fmt.Sprint(c)
		}
		w := s.Winner()
		if w < 0 { continue }
		d := dirs(s.Stones(w))
		key := fmt.Sprintf("p%d-%v-%v", w+1, d, len(moves) > 30)
		if found[key] { continue }
		found[key] = true
		fmt.Println(key, len(moves), moves)
	}
	// 42nd stone wins
	var dfs func(s *connect4.State, moves []byte) []byte
	dfs = func(s *connect4.State, moves []byte) []byte {
		if s.Ply() == 41 {
			for c := 0; c < 7; c++ {
				if s.CanPlay(c) {
					s.Play(c)
					w := s.Winner()
					s.Unplay(c)
					if w >= 0 { return append(moves, byte('0'+c)) }
				}
			}
			return nil
		}
		for _, c := range rng.Perm(7) {
			if !s.CanPlay(c) { continue }
			s.Play(c)
			if s.Winner() < 0 {
				if r := dfs(s, append(moves, byte('0'+c))); r != nil { return r }
			}
			s.Unplay(c)
		}
		return nil
	}
	for i := 0; i < 2; i++ {
		r := dfs(connect4.NewState(), nil)
		s, _ := connect4.FromMoves(string(r))
		fmt.Println("last-stone win", len(r), string(r), s.Winner(), dirs(s.Stones(s.Winner())))
	}
	var dfs2 func(s *connect4.State, moves []byte) []byte
	dfs2 = func(s *connect4.State, moves []byte) []byte {
		if s.Ply() == 42 { return moves }
		for _, c := range rng.Perm(7) {
			if !s.CanPlay(c) { continue }
			s.Play(c)
			if s.Winner() < 0 {
				if r := dfs2(s, append(moves, byte('0'+c))); r != nil { return r }
			}
			s.Unplay(c)
		}
		return nil
	}
	fmt.Println("draw", string(dfs2(connect4.NewState(), nil)))
}
