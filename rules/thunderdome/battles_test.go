package thunderdome_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// empire returns a player's TD IV accounts.
func empire(x *thunderdome.Ext, p campaign.PlayerID) *thunderdome.Empire {
	for i := range x.Empires {
		if x.Empires[i].Player == p {
			return &x.Empires[i]
		}
	}
	panic("no empire " + p)
}

// eventText joins the texts of the events of a kind.
func eventText(res *game.Result, kind game.EventKind) string {
	var out []string
	for _, e := range res.Events {
		if e.Kind == kind {
			out = append(out, e.Text)
		}
	}
	return strings.Join(out, "\n")
}

// parseMail reads a whole mail of orders.
func parseMail(t *testing.T, src string) *orders.Submission {
	t.Helper()
	sub, err := orders.Parse([]byte(src), orders.Only(rs.Kinds()))
	if err != nil {
		t.Fatalf("Parse(%q) = %v", src, err)
	}
	return sub
}

// hydranAtS10 puts hydran's fleets f1 (the strongest) and f2 at s10, an
// explored dead sector one lane from lyra.
func hydranAtS10(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s10").Type = thunderdome.Dead
	st.Fleet("hydran", "f1").At = "s10"
	st.Fleet("hydran", "f2").At = "s10"
}

// TestUTD7_423_DefenderChoosesTheFleet: without a choice the defender's
// strongest fleet fights; with prefs: defend: naming a fleet for the
// sector, that fleet fights, and the others are held out.
func TestUTD7_423_DefenderChoosesTheFleet(t *testing.T) {
	attack := "  - move: {fleet: f1, to: s10}\n"
	st := setup(t, hydranAtS10)
	if b := eventText(resolve(st, parse(t, st, player, attack)), thunderdome.EventBattle); !strings.Contains(b, "hydran with fleet f1") {
		t.Errorf("battle = %q, want hydran's strongest fleet f1 to fight", b)
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		hydranAtS10(st, x)
		empire(x, "hydran").Defend = map[campaign.SystemID]campaign.FleetID{"s10": "f2"}
	})
	if b := eventText(resolve(st, parse(t, st, player, attack)), thunderdome.EventBattle); !strings.Contains(b, "hydran with fleet f2") {
		t.Errorf("battle = %q, want fleet f2, the one hydran chose for s10", b)
	}
}

// TestUTD7_423_DefendStandsUntilChanged: prefs: defend: in a mail of
// orders becomes the player's standing choice; a later mail of the same
// turn without prefs keeps it, a later turn's mail without prefs keeps
// it, and defend: {} clears it. A fleet the player lacks is refused.
func TestUTD7_423_DefendStandsUntilChanged(t *testing.T) {
	head := "campaign: thunderdome\nplayer: lyran\nturn: 1\n"
	st := setup(t, nil)
	first := parseMail(t, head+"prefs: {defend: {lyra: f2, s10: f1}}\norders:\n  - move: {fleet: f3, to: s10}\n")
	second := parseMail(t, head+"orders:\n  - move: {fleet: f3, to: s11}\n")
	sub := rs.Amend(rs.Amend(nil, first), second)
	c := check(t, st, sub)
	if !strings.Contains(c.Summary(), "lyra: f2, s10: f1") {
		t.Errorf("summary = %q, want the standing choice told", c.Summary())
	}
	next := resolve(st, sub).Next
	want := map[campaign.SystemID]campaign.FleetID{"lyra": "f2", "s10": "f1"}
	if got := empire(ext(t, next), player).Defend; !maps.Equal(got, want) {
		t.Fatalf("defend after the turn = %v, want %v", got, want)
	}
	// The same player's next mails: without prefs the choice stays.
	reopen(t, next)
	kept := resolve(next, parseMail(t, head+"orders:\n  - move: {fleet: f2, to: s01}\n")).Next
	if got := empire(ext(t, kept), player).Defend; !maps.Equal(got, want) {
		t.Errorf("defend after a mail without prefs = %v, want %v", got, want)
	}
	cleared := resolve(next, parseMail(t, head+"prefs: {defend: {}}\norders:\n  - move: {fleet: f2, to: s01}\n")).Next
	if got := empire(ext(t, cleared), player).Defend; got != nil {
		t.Errorf("defend after defend: {} = %v, want none", got)
	}
	ps := refused(t, st, parseMail(t, head+"prefs: {defend: {lyra: f9}}\norders: []\n"))
	if !strings.Contains(ps.Error(), "UTD7.423") || !strings.Contains(ps.Error(), "no fleet f9") {
		t.Errorf("problems = %v, want fleet f9 refused citing UTD7.423", ps)
	}
}

// reopen opens the player's turn again in a resolved state, numbered 1,
// for their next mails.
func reopen(t *testing.T, st *campaign.State) {
	t.Helper()
	x := ext(t, st)
	x.Current = slices.Index(x.Order, player)
	thunderdome.SaveExt(x, st)
	st.Turn = 1
}

// TestUTD6_3D2_DerelictsCaptured: the first enemy fleet to hold the
// sector after the battles captures every derelict there (step 9): the
// ships join its fleet, marked captured, as far as 5 MC allows, and the
// next forms a new fleet (UTD6.3I4); every report marks them. The
// player's own derelicts stay.
func TestUTD6_3D2_DerelictsCaptured(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		x.Derelicts = []thunderdome.Derelict{
			{At: "s10", Owner: "hydran", Units: []campaign.ClassName{"cruiser", "cruiser", "cruiser"}},
			{At: "s10", Owner: player, Units: []campaign.ClassName{"frigate"}},
		}
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	f := res.Next.Fleet(player, "f1") // battlecruiser, cruiser, destroyer: 2 1/2 MC
	want := []campaign.ClassName{"battlecruiser", "cruiser", "destroyer", "cruiser", "cruiser"}
	if !slices.Equal(f.Units, want) || !slices.Equal(f.Captured, []int{3, 4}) {
		t.Errorf("f1 = %v captured %v, want two captured cruisers joined", f.Units, f.Captured)
	}
	if n := res.Next.Fleet(player, "f4"); n == nil || n.At != "s10" || !slices.Equal(n.Units, []campaign.ClassName{"cruiser"}) || !slices.Equal(n.Captured, []int{0}) {
		t.Errorf("new fleet f4 = %+v, want the third cruiser, captured, at s10", n)
	}
	if r := flat(render(t, viewOf(t, res, "hydran"), game.FormatText)); !strings.Contains(r, "cruiser (captured, only moves until inspected, UTD6.3773)") {
		t.Errorf("hydran's report does not mark lyran's captured ships:\n%s", r)
	}
	if d := ext(t, res.Next).Derelicts; len(d) != 1 || d[0].Owner != player {
		t.Errorf("derelicts = %+v, want only lyran's own left", d)
	}
	if text := eventText(res, thunderdome.EventCapture); !strings.Contains(text, "UTD6.3D2") || !strings.Contains(text, "it forms the new fleet f4, not inspected") {
		t.Errorf("capture events = %q, want two cruisers joined and the third in a new fleet", text)
	}
}
