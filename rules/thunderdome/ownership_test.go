package thunderdome_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// beforeLyran is setup with the turn of the player before lyran open, and
// lyran's fleet f1 in s10, a life sector, since before it: resolving that
// turn opens lyran's (steps 1–3).
func beforeLyran(t *testing.T, change func(x *thunderdome.Ext)) *campaign.State {
	t.Helper()
	return setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Life
		place(st, x, "f1", "s10")
		x.Current = (slices.Index(x.Order, player) + len(x.Order) - 1) % len(x.Order)
		if change != nil {
			change(x)
		}
	})
}

// TestUTD4_13_HoldingClaimsTheSector: a fleet that entered a sector before
// and is still there when its owner's turn opens takes it for them.
func TestUTD4_13_HoldingClaimsTheSector(t *testing.T) {
	res := resolve(beforeLyran(t, nil), nil)
	if o := sector(ext(t, res.Next), "s10").Owner; o != player {
		t.Errorf("s10 owner = %q, want %s", o, player)
	}
}

// TestUTD4_13_DisavowedSectorIsNotClaimed: disavow is free; a disavowed
// sector is not claimed, an owned one becomes nobody's, and withdraw takes
// the disavowal back.
func TestUTD4_13_DisavowedSectorIsNotClaimed(t *testing.T) {
	res := resolve(beforeLyran(t, func(x *thunderdome.Ext) { sector(x, "s10").Disavowed = []campaign.PlayerID{player} }), nil)
	if o := sector(ext(t, res.Next), "s10").Owner; o != "" {
		t.Errorf("s10 owner = %q, want nobody: lyran disavowed it", o)
	}

	st := setup(t, nil)
	echo := wantPoints(t, st, "  - disavow: {sector: lyra}\n", 0)
	if !strings.Contains(echo, "no longer owns lyra") {
		t.Errorf("echo = %q, want lyra given up", echo)
	}
	next := resolve(st, parse(t, st, player, "  - disavow: {sector: lyra}\n")).Next
	if s := sector(ext(t, next), "lyra"); s.Owner != "" || !slices.Equal(s.Disavowed, []campaign.PlayerID{player}) {
		t.Errorf("lyra = %+v, want nobody's, disavowed by lyran", s)
	}
	wantRefused(t, st, "  - disavow: {sector: lyra, withdraw: true}\n", "UTD4.13")
	wantRefused(t, st, "  - disavow: {sector: nowhere}\n", "UTD4.13")
	wantPoints(t, st, "  - disavow: {sector: s10}\n  - disavow: {sector: s10, withdraw: true}\n", 0)
}

// TestUTD5_133_NPECheckIsOnByDefault: the NPE check of exploration is on
// unless the scenario sets house: {npe: false}; the roll is reported with
// every exploration of a life or mineral sector.
func TestUTD5_133_NPECheckIsOnByDefault(t *testing.T) {
	if !ext(t, start(t)).House.NPE {
		t.Fatal("the NPE check is off in the example scenario, want on by default")
	}
	off := strings.Replace(string(scenarioText()), "# house: {npe: false}", "house: {npe: false}", 1)
	if ext(t, startFrom(t, off)).House.NPE {
		t.Fatal("house: {npe: false} did not turn the NPE check off")
	}
	for _, npe := range []bool{false, true} {
		st := setup(t, func(_ *campaign.State, x *thunderdome.Ext) { x.House.NPE = npe })
		res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n  - move: {fleet: f2, to: s01}\n"))
		text := eventText(res, thunderdome.EventExplore)
		if got := strings.Contains(text, "NPE roll"); got != npe {
			t.Errorf("npe %v: exploration = %q, NPE roll reported %v", npe, text, got)
		}
	}
}

// TestUTD5_13213_Example3BalanceCountsTheSectorJustExplored plays
// Example 3 of UTD5.1321: hydran has 5 mineral sectors, lyran 3 (a home
// counts as one). Lyran explores two sectors in one turn, asking for
// mineral in both: the first, rolled life, becomes mineral, so lyran
// "now has 4 mineral sectors" and no longer qualifies for the second,
// rolled dead, which stays dead.
func TestUTD5_13213_Example3BalanceCountsTheSectorJustExplored(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.House.NPE = false
		st.Seed = 1 // s11 rolls 1 (life), s10 rolls 6 (dead)
		for _, s := range []campaign.SystemID{"s01", "s02"} {
			sector(x, s).Type, sector(x, s).Owner = thunderdome.Mineral, player
		}
		for _, s := range []campaign.SystemID{"s20", "s21", "s31", "s32"} {
			sector(x, s).Type, sector(x, s).Owner = thunderdome.Mineral, "hydran"
		}
		place(st, x, "f1", "s10")
		place(st, x, "f2", "s11")
	})
	res := resolve(st, parse(t, st, player, "  - explore: {sector: s11, as: mineral}\n  - explore: {sector: s10, as: mineral}\n"))
	x := ext(t, res.Next)
	if got := sector(x, "s11").Type; got != thunderdome.Mineral {
		t.Errorf("s11, rolled life with lyran 2 mineral sectors behind, is %s; want mineral (UTD5.1321)", got)
	}
	if got := sector(x, "s10").Type; got != thunderdome.Dead {
		t.Errorf("s10, rolled dead with lyran 1 behind after s11, is %s; want dead (UTD5.13213)", got)
	}
	text := eventText(res, thunderdome.EventExplore)
	for _, want := range []string{
		"lyran explored s11: the type roll 1 gives life (UTD5.131) turned into mineral by the balance option (UTD5.1321)",
		"lyran explored s10: the type roll 6 gives dead (UTD5.131); no balance option lets it become mineral (UTD5.132)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("exploration = %q, want %q", text, want)
		}
	}
}
