package thunderdome_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// hydranColonyAtS10 gives hydran a colony and a mine at s10, an explored
// life sector one lane from lyra with no fleet in it.
func hydranColonyAtS10(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s10").Type = thunderdome.Life
	st.Developments = append(st.Developments,
		campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Colony},
		campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Mine})
}

// ownersAt lists the owners of the developments at a sector, in order.
func ownersAt(st *campaign.State, at campaign.SystemID) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, d := range st.DevelopmentsAt(at) {
		out = append(out, d.Owner)
	}
	return out
}

// TestUTD4_333_CaptureOrDestroy: at step 9 a fleet with a troop ship
// captures the enemy colony and mine it holds (UTD4.332, UTD4.342) unless
// its player chose to destroy them there with prefs: raze: (UTD4.333,
// UTD4.343); a raze: naming other sectors changes nothing here, and a
// fleet without a troop ship destroys them whatever the choice.
func TestUTD4_333_CaptureOrDestroy(t *testing.T) {
	head := "campaign: thunderdome\nplayer: lyran\nturn: 1\n"
	for _, tc := range []struct {
		name, prefs, fleet string
		want               []campaign.PlayerID
		rule, text         string
	}{
		{"capture by default", "", "f2", []campaign.PlayerID{player, player}, "UTD4.332", "lyran's troop ship captured hydran's colony at s10"},
		{"raze elsewhere", "prefs: {raze: [s11]}\n", "f2", []campaign.PlayerID{player, player}, "UTD4.332", "lyran's troop ship captured hydran's mine at s10"},
		{"destroy when chosen", "prefs: {raze: [s10]}\n", "f2", nil, "UTD4.333", "lyran's fleet destroyed hydran's colony at s10: lyran chose to destroy rather than capture there"},
		{"no troop ship", "", "f1", nil, "UTD4.333", "lyran's fleet destroyed hydran's mine at s10 (UTD4.333, UTD4.343)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, hydranColonyAtS10)
			res := resolve(st, parseMail(t, head+tc.prefs+"orders:\n  - move: {fleet: "+tc.fleet+", to: s10}\n"))
			if got := ownersAt(res.Next, "s10"); !slices.Equal(got, tc.want) {
				t.Errorf("owners at s10 = %v, want %v", got, tc.want)
			}
			var rules []string
			for _, e := range res.Events {
				if e.Kind == thunderdome.EventCapture {
					rules = append(rules, e.Rule)
				}
			}
			if len(rules) != 2 || rules[0] != tc.rule || rules[1] != tc.rule {
				t.Errorf("capture events cite %v, want %s for the colony and the mine", rules, tc.rule)
			}
			if text := eventText(res, thunderdome.EventCapture); !strings.Contains(text, tc.text) {
				t.Errorf("capture events = %q, want %q", text, tc.text)
			}
		})
	}
}

// TestUTD4_333_RazeStandsUntilChanged: prefs: raze: becomes the player's
// standing choice and the summary tells it; a second mail of the turn
// giving only defend: keeps it, and so does a later turn's mail without
// raze:, while raze: [] clears it. A sector not on the map is refused.
func TestUTD4_333_RazeStandsUntilChanged(t *testing.T) {
	head := "campaign: thunderdome\nplayer: lyran\nturn: 1\n"
	st := setup(t, nil)
	first := parseMail(t, head+"prefs: {raze: [s10, lyra, s10]}\norders:\n  - move: {fleet: f3, to: s10}\n")
	second := parseMail(t, head+"prefs: {defend: {lyra: f2}}\norders:\n  - move: {fleet: f3, to: s11}\n")
	sub := rs.Amend(rs.Amend(nil, first), second)
	summary := check(t, st, sub).Summary()
	for _, want := range []string{"lyra: f2", "destroy enemy colonies and mines rather than capture them: lyra, s10; elsewhere"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary = %q, want %q", summary, want)
		}
	}
	next := resolve(st, sub).Next
	want := []campaign.SystemID{"lyra", "s10"}
	if e := empire(ext(t, next), player); !slices.Equal(e.Raze, want) || e.Defend["lyra"] != "f2" {
		t.Fatalf("after the turn raze = %v, defend = %v; want raze %v and defend lyra: f2", e.Raze, e.Defend, want)
	}
	reopen(t, next)
	kept := resolve(next, parseMail(t, head+"prefs: {defend: {}}\norders:\n  - move: {fleet: f2, to: s01}\n")).Next
	if got := empire(ext(t, kept), player).Raze; !slices.Equal(got, want) {
		t.Errorf("raze after a mail with defend: only = %v, want %v", got, want)
	}
	cleared := parseMail(t, head+"prefs: {raze: []}\norders: []\n")
	if s := check(t, next, cleared).Summary(); !strings.Contains(s, "rather than capture them: none") {
		t.Errorf("summary after raze: [] = %q, want no sectors told", s)
	}
	if got := empire(ext(t, resolve(next, cleared).Next), player).Raze; got != nil {
		t.Errorf("raze after raze: [] = %v, want none", got)
	}
	ps := refused(t, st, parseMail(t, head+"prefs: {raze: [s10, kessel]}\norders: []\n"))
	if !strings.Contains(ps.Error(), "UTD4.333") || !strings.Contains(ps.Error(), `raze names sector "kessel", which is not on the map`) ||
		!strings.Contains(ps.Error(), "name a sector by the ID the report gives it") {
		t.Errorf("problems = %v, want sector kessel refused citing UTD4.333", ps)
	}
}
