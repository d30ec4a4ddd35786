package thunderdome_test

import (
	"testing"
)

// TestSkeletonTurn: the scenario loads, the first player moves a fleet,
// and the turn passes to the next player.
func TestSkeletonTurn(t *testing.T) {
	st := start(t)
	x := ext(t, st)
	p := x.Order[0]
	home := x.Empires[0].Home
	for _, e := range x.Empires {
		if e.Player == p {
			home = e.Home
		}
	}
	var to string
	for _, l := range st.Map.Lanes {
		if l.A == home {
			to = string(l.B)
		} else if l.B == home {
			to = string(l.A)
		}
	}
	sub := parse(t, st, p, "  - move: {fleet: f1, to: "+to+"}\n")
	check(t, st, sub)
	res := resolve(st, sub)
	nx := ext(t, res.Next)
	if nx.Current != 1 || res.Next.Turn != 2 {
		t.Errorf("after the turn: current %d, turn %d, want 1, 2", nx.Current, res.Next.Turn)
	}
	if f := res.Next.Fleet(p, "f1"); f == nil || string(f.At) != to {
		t.Errorf("fleet f1 of %s = %+v, want at %s", p, f, to)
	}
}
