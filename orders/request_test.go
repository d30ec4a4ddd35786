package orders

import (
	"errors"
	"strings"
	"testing"
)

func TestParseExtensionRequest(t *testing.T) {
	src := "campaign: frontier\nplayer: vorn\ntoken: AAAA\nextension: {hours: 48, reason: \"moving house\", real_life: true}\n"
	sub, err := Parse([]byte(src), words)
	if err != nil {
		t.Fatal(err)
	}
	want := Extension{Hours: 48, Reason: "moving house", RealLife: true}
	if sub.Extension == nil || *sub.Extension != want {
		t.Fatalf("extension = %+v, want %+v", sub.Extension, want)
	}
	if sub.Command != nil || !sub.Orders.IsZero() {
		t.Errorf("a request carries no orders or command: %+v", sub)
	}
}

// TestParseBattleExtensionRequest: an extension naming a battle asks for
// that battle's clocks (Thunderdome IV UTD3.44); a malformed battle is a
// problem that says what to write.
func TestParseBattleExtensionRequest(t *testing.T) {
	src := "campaign: thunderdome\nplayer: vorn\ntoken: AAAA\nextension: {hours: 168, real_life: true, battle: T1-B1}\n"
	sub, err := Parse([]byte(src), words)
	if err != nil {
		t.Fatal(err)
	}
	want := Extension{Hours: 168, RealLife: true, Battle: "T1-B1"}
	if sub.Extension == nil || *sub.Extension != want {
		t.Fatalf("extension = %+v, want %+v", sub.Extension, want)
	}
	_, err = Parse([]byte("campaign: thunderdome\nextension: {hours: 168, battle: [T1-B1]}\n"), words)
	var ps Problems
	if !errors.As(err, &ps) || !strings.Contains(ps.Error(), "battle: T1-B1") {
		t.Errorf("a list for battle: err = %v, want a problem with the example battle: T1-B1", err)
	}
}

func TestParseCommands(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Command
	}{
		{"campaign: frontier\ntoken: T\ncommand: deadline 2026-12-01 18:00\n", Command{Verb: "deadline", Args: "2026-12-01 18:00"}},
		{"campaign: frontier\nplayer: vorn\ntoken: T\ncommand: Report 3\n", Command{Verb: "report", Args: "3"}},
		{"campaign: frontier\nplayer: vorn\ntoken: T\ncommand: message castellan\nanonymous: true\ntext: |\n  Shall we talk?\n",
			Command{Verb: "message", Args: "castellan", Text: "Shall we talk?", Anonymous: true}},
	} {
		sub, err := Parse([]byte(tc.src), words)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if sub.Command == nil || *sub.Command != tc.want {
			t.Errorf("%q: command = %+v, want %+v", tc.src, sub.Command, tc.want)
		}
	}
}

func TestParseRequestProblems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"campaign: frontier\ncommand: staus\n", `2:10: unknown command "staus"`},
		{"campaign: frontier\nextension: {hours: 2000}\n", "hours must be from 1 to 672, not 2000"},
		{"campaign: frontier\nextension: {reason: busy}\n", "the extension says no hours:"},
		{"campaign: frontier\nturn: 3\ncommand: status\n", "turn: belongs to orders"},
		{"campaign: frontier\ncommand: status\nextension: {hours: 3}\n", "one of an extension request, a command or a battle result"},
		{"campaign: frontier\nplayer: vorn\nturn: 3\norders: []\ntext: hi\n", "text: goes with command: message"},
	} {
		_, err := Parse([]byte(tc.src), words)
		var ps Problems
		if !errors.As(err, &ps) {
			t.Errorf("%q: err = %v, want problems", tc.src, err)
			continue
		}
		if got := ps.Error(); !strings.Contains(got, tc.want) {
			t.Errorf("%q: problems %q do not say %q", tc.src, got, tc.want)
		}
	}
}

func TestParseBattleReports(t *testing.T) {
	sub, err := Parse([]byte(`campaign: frontier
player: vorn
token: T
battle: T3-B1
result:
  ships:
    - {ship: castellan#2, fate: crippled, damage: 12}
    - {ship: castellan#1, fate: captured, by: vorn#3, to: new}
    - {ship: vorn#1, fate: disengaged, direction: ferrum}
    - {ship: vorn#2, fate: Destroyed}
  vp: {vorn: 120, castellan: 40}
`), words)
	if err != nil {
		t.Fatal(err)
	}
	r := sub.Battle
	if r == nil || r.Battle != "T3-B1" || r.Confirm || r.Result == nil {
		t.Fatalf("battle report = %+v", r)
	}
	want := []ShipFate{
		{Ship: "castellan#2", Fate: "crippled", Damage: 12},
		{Ship: "castellan#1", Fate: "captured", By: "vorn#3", To: "new"},
		{Ship: "vorn#1", Fate: "disengaged", Direction: "ferrum"},
		{Ship: "vorn#2", Fate: "destroyed"},
	}
	for i, s := range r.Result.Ships {
		s.Pos = Pos{}
		if i >= len(want) || s != want[i] {
			t.Errorf("ship %d = %+v, want %+v", i, s, want[i])
		}
	}
	if r.Result.VP["vorn"] != 120 || r.Result.VP["castellan"] != 40 {
		t.Errorf("vp = %v", r.Result.VP)
	}
	sub, err = Parse([]byte("campaign: frontier\nplayer: castellan\ntoken: T\nbattle: T3-B1\nconfirm: true\n"), words)
	if err != nil || sub.Battle == nil || !sub.Battle.Confirm {
		t.Errorf("confirm: sub %+v, err %v", sub, err)
	}
	sub, err = Parse([]byte("campaign: frontier\nplayer: castellan\ntoken: T\nbattle: T3-B1\ncontact: true\n"), words)
	if err != nil || sub.Battle == nil || !sub.Battle.Contact || sub.Battle.Result != nil {
		t.Errorf("contact: sub %+v, err %v", sub, err)
	}
	// A negotiated end is read as written; the ruleset says which it takes.
	sub, err = Parse([]byte("campaign: frontier\nplayer: castellan\ntoken: T\nbattle: T3-B1\nresult: {negotiated: conquest}\n"), words)
	if err != nil || sub.Battle == nil || sub.Battle.Result == nil || sub.Battle.Result.Negotiated != "conquest" {
		t.Errorf("negotiated: sub %+v, err %v", sub, err)
	}
}

func TestParseBattleReportProblems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"battle: T3-B1\n", "neither confirm: nor result:"},
		{"battle: T3-B1\nconfirm: true\nresult: {}\n", "not both"},
		{"confirm: true\n", "confirm: goes with battle:"},
		{"contact: true\n", "contact: goes with battle:"},
		{"battle: T3-B1\ncontact: true\nconfirm: true\n", "send contact: alone"},
		{"battle: T3-B1\ncontact: false\n", "contact: false says nothing"},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan2, fate: destroyed}]}\n", "not a ship as the battle report names it"},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan#2, fate: sunk}]}\n", `fate "sunk" is not one pbemd knows`},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan#2, fate: crippled}]}\n", "a crippled ship needs damage:"},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan#2, fate: destroyed, by: vorn#1}]}\n", "by: goes only with fate: captured"},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan#2, fate: destroyed, to: new}]}\n", "to: goes only with fate: captured"},
		{"battle: T3-B1\nresult: {ships: [{ship: castellan#2, fate: destroyed}, {ship: castellan#2, fate: crippled, damage: 3}]}\n", "named twice"},
		{"battle: T3-B1\nresult: {vp: {vorn: -5}}\n", "victory points are 0 or more"},
	} {
		_, err := Parse([]byte("campaign: frontier\nplayer: vorn\ntoken: T\n"+tc.src), words)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want it to say %q", tc.src, err, tc.want)
		}
	}
}
