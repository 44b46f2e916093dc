package speed

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"tourney/engines/game"
)

// matchStats sums games of one risk bot against a field of other bots.
type matchStats struct {
	games      int
	soleWins   int     // risk is the only player left
	sharedWins int     // risk ranks first, alone or tied (§6.3)
	riskRounds float64 // rounds survived by risk, summed
	oppRounds  float64 // rounds survived by the opponents, summed
	oppSeats   int     // opponent seats summed over games
	oppSole    int     // games an opponent won alone
	deaths     map[string]int
	sepRegion  float64 // own region when first separated, summed
	sepRounds  float64 // rounds survived after separation, summed
	sepGames   int
	sepBiggest int // games where the own region was the biggest at separation
}

func (m matchStats) String() string {
	return "games " + strconv.Itoa(m.games) +
		" sole " + strconv.FormatFloat(100*float64(m.soleWins)/float64(m.games), 'f', 1, 64) + "%" +
		" shared " + strconv.FormatFloat(100*float64(m.sharedWins)/float64(m.games), 'f', 1, 64) + "%" +
		" oppSole " + strconv.FormatFloat(100*float64(m.oppSole)/float64(m.games), 'f', 1, 64) + "%" +
		" riskRounds " + strconv.FormatFloat(m.riskRounds/float64(m.games), 'f', 1, 64) +
		" oppRounds " + strconv.FormatFloat(m.oppRounds/float64(m.oppSeats), 'f', 1, 64) +
		" sepGames " + strconv.Itoa(m.sepGames) + " sepBiggest " + strconv.Itoa(m.sepBiggest) +
		" sepRegion " + strconv.FormatFloat(m.sepRegion/float64(max(1, m.sepGames)), 'f', 1, 64) +
		" sepRounds " + strconv.FormatFloat(m.sepRounds/float64(max(1, m.sepGames)), 'f', 1, 64)
}

// playMatch plays games of risk (with values) against players−1 bots of
// spec opp on map mapName, risk's seat rotating, seeds seedBase+g.
func playMatch(tb testing.TB, values map[string]any, opp game.BotSpec, oppValues map[string]any, mapName string, games int, seedBase uint64) matchStats {
	tb.Helper()
	mp, err := Game{}.LoadMap(mapName)
	if err != nil {
		tb.Fatal(err)
	}
	m := mp.(*Map)
	n := m.Players()
	var mu sync.Mutex
	var total matchStats
	var wg sync.WaitGroup
	next := make(chan int)
	workers := runtime.GOMAXPROCS(0)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bots := make([]game.Bot, n)
			for g := range next {
				seat := g % n
				for p := range bots {
					var err error
					if p == seat {
						self := RiskSpec()
						if os.Getenv("RISK_SELF") == "survivor" {
							self = SurvivorSpec()
						}
						bots[p], _, err = self.Build(values)
					} else {
						bots[p], _, err = opp.Build(oppValues)
					}
					if err != nil {
						tb.Error(err)
						return
					}
				}
				seed := seedBase + uint64(g)
				s := NewState(m, seed)
				for p, b := range bots {
					b.Reset(game.Mix(seed, uint64(p)+1))
				}
				joint := make([]game.Action, n)
				cause := ""
				sepAt, sepR := -1, 0
				sepBig := false
				sepBoard, sepOpp := "", []int(nil)
				for !s.IsTerminal() {
					for p, b := range bots {
						joint[p] = game.NoAction
						if s.pl[p].active {
							a, err := b.Step(context.Background(), s, p, game.Budget{})
							if err != nil {
								tb.Error(err)
								return
							}
							joint[p] = a
						}
					}
					if sepAt < 0 && s.pl[seat].active {
						var fl flooder
						hx, hy := int(s.pl[seat].x), int(s.pl[seat].y)
						r := fl.area(s, hx, hy, nil, 0)
						sep := true
						for p := 0; p < n; p++ {
							q := &s.pl[p]
							if p == seat || !q.active {
								continue
							}
							for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
								x, y := int(q.x)+d[0], int(q.y)+d[1]
								if onBoard(s, x, y) && fl.seen.has(int32(y*s.w+x)) {
									sep = false
								}
							}
						}
						if sep && os.Getenv("RISK_FILLCMP") != "" {
							solo := func(bot game.Bot) int {
								c := s.Copy()
								for p := 0; p < n; p++ {
									c.pl[p].active = p == seat
								}
								c.pl[0], c.pl[seat] = c.pl[seat], c.pl[0]
								c.pl[0].active = true
								return soloFillQuiet(c, bot)
							}
							rb, _, _ := RiskSpec().Build(values)
							sb, _, _ := SurvivorSpec().Build(nil)
							mu.Lock()
							fillCmp[0] += float64(solo(rb))
							fillCmp[1] += float64(solo(sb))
							fillCmp[2] += float64(r)
							mu.Unlock()
						}
						if sep {
							if os.Getenv("RISK_SHOWSEP") != "" {
								sepBoard = s.String()
							}
							sepAt, sepR = s.round, r
							sepBig = true
							for p := 0; p < n; p++ {
								q := &s.pl[p]
								if p == seat || !q.active {
									continue
								}
								var f2 flooder
								a2 := f2.area(s, int(q.x), int(q.y), nil, 0)
								sepOpp = append(sepOpp, a2)
								if a2 >= r {
									sepBig = false
								}
							}
						}
					}
					wasActive := s.pl[seat].active
					var alone bool
					var area int
					if wasActive {
						alone = aloneFatal(s, seat, joint[seat])
						var fl flooder
						area = fl.area(s, int(s.pl[seat].x), int(s.pl[seat].y), nil, 0)
					}
					s.ApplyJoint(joint)
					if wasActive && !s.pl[seat].active {
						switch {
						case alone && area < 20:
							cause = "trapped"
						case alone:
							cause = "suicide-in-space"
						default:
							cause = "collision"
						}
					}
				}
				if s.pl[seat].active {
					cause = "won"
				}
				ret := s.Returns(nil)
				ranks := game.Ranks(s)
				mu.Lock()
				total.games++
				if os.Getenv("RISK_LOGGAMES") != "" {
					tb.Logf("game %d seat %d rounds %v sepAt %d sepR %d opp %v big %v cause %s winner %d", g, seat, ret[seat], sepAt, sepR, sepOpp, sepBig, cause, s.Winner())
					if sepBoard != "" && cause != "won" {
						tb.Logf("%s", sepBoard)
					}
				}
				if sepAt >= 0 {
					total.sepGames++
					total.sepRegion += float64(sepR)
					total.sepRounds += ret[seat] - float64(sepAt)
					if sepBig {
						total.sepBiggest++
					}
				}
				if total.deaths == nil {
					total.deaths = map[string]int{}
				}
				total.deaths[cause]++
				if s.Winner() == seat {
					total.soleWins++
				} else if s.Winner() >= 0 {
					total.oppSole++
				}
				if ranks[seat] == 1 {
					total.sharedWins++
				}
				for p, r := range ret {
					if p == seat {
						total.riskRounds += r
					} else {
						total.oppRounds += r
						total.oppSeats++
					}
				}
				mu.Unlock()
			}
		}()
	}
	for g := range games {
		next <- g
	}
	close(next)
	wg.Wait()
	return total
}

var fillCmp [3]float64

// TestRiskExplore is a tuning aid: RISK_EXPLORE=games plays risk with the
// JSON parameters of RISK_PARAMS against survivor on 2, 4 and 6 players.
func TestRiskExplore(t *testing.T) {
	ng, _ := strconv.Atoi(os.Getenv("RISK_EXPLORE"))
	if ng <= 0 {
		t.Skip("RISK_EXPLORE not set")
	}
	var values map[string]any
	if v := os.Getenv("RISK_PARAMS"); v != "" {
		if err := json.Unmarshal([]byte(v), &values); err != nil {
			t.Fatal(err)
		}
	}
	maps := []string{"speed-4p", "speed-2p", "speed-6p"}
	if v := os.Getenv("RISK_MAPS"); v != "" {
		maps = []string{v}
	}
	seed := uint64(1000)
	if v, err := strconv.ParseUint(os.Getenv("RISK_SEED"), 10, 64); err == nil {
		seed = v
	}
	for _, mp := range maps {
		st := playMatch(t, values, SurvivorSpec(), nil, mp, ng, seed)
		t.Logf("%s vs survivor: %s %v", mp, st, st.deaths)
		t.Logf("fill cmp: risk %v survivor %v region %v", fillCmp[0], fillCmp[1], fillCmp[2])
	}
}
