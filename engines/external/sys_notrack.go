//go:build !linux

package external

import (
	"net"
	"os"
	"time"
)

// Without /proc: process groups at most (sys_other.go); no record can be
// checked safely.

func canTrack() bool                                     { return false }
func sameProc(int, uint64) (alive, ok bool)              { return false, false }
func reapAdopted(map[int]bool)                           {}
func procStart(int) uint64                               { return 0 }
func killPid(int) bool                                   { return false }
func killTagged(string, int, map[int]bool) time.Duration { return 0 }
func pendingBytes(*os.File) int                          { return 0 }
func peerOwned(net.Conn, *proc) (ok bool, who string)    { return true, "" }
func taggedProcs(string) []pinfo                         { return nil }
func waitsForInput(int) (waiting, known bool)            { return false, false }

type pinfo struct {
	pid  int
	tag  string
	comm string
}

func botState(int) int { return stateUnknown }
