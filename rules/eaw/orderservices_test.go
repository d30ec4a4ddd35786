package eaw

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
)

// richFrontier returns the Frontier Wars campaign in turn 3 with vorn's
// navy rich enough for the order template to offer every order kind, and
// vorn's view of it:
//
//   - 1st at the home FRD (drakkar) has a damaged cruiser whose crew has
//     mended some, and a prize: resupply, self_repair, inspect, scrap;
//   - a second FRD at ferrum holds the MON fleet "mon" and 2nd, with a
//     military tug and a bulk freighter: move_frd with tug:, a free mine;
//   - 3rd at cinder has a minelayer: a free fortification, a transfer;
//   - the colony at halcyon, fortified, is disrupted by a castellan fleet
//     trapped there: no free jump and no resupply there; "bases" carries a
//     GSA and a CPL there: install; the colony has no FRD: build_frd;
//   - "lost" is trapped at castellan's fortification at wyvern: siege;
//   - "tender" at meridian has repair freighters, a damaged destroyer and a
//     prize: resupply, scrap and inspect away from any FRD.
func richFrontier(t *testing.T) (*campaign.State, *View) {
	return richFrontierWith(t, "")
}

// richFrontierWith is richFrontier under a scenario's overrides line
// (frontierViewsWith).
func richFrontierWith(t *testing.T, overrides string) (*campaign.State, *View) {
	t.Helper()
	st, _ := frontierViewsWith(t, overrides)
	st.Turn = 3
	units := func(us ...campaign.ClassName) []campaign.ClassName { return us }
	var fleets []campaign.Fleet
	for _, f := range st.Fleets {
		if f.Owner != "vorn" {
			fleets = append(fleets, f)
			continue
		}
		switch f.ID {
		case "1st":
			f.Units = append(f.Units, "frigate")
			f.Captured = []int{3}
			f.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 3, Attack: 1}, {Unit: 3, Structure: 2}}
			f.Crews = []campaign.UnitCrew{{Unit: 0, Repaired: 2}, {Unit: 1, Quality: "outstanding", XP: 35}}
		case "2nd":
			f.Units = append(f.Units, "military-tug", "bulk-freighter")
		case "3rd":
			f.Units = append(f.Units, "minelayer")
		case "5th":
			f.Damage = []campaign.UnitDamage{{Unit: 1, Structure: 2}}
		}
		fleets = append(fleets, f)
	}
	fleets = append(fleets,
		campaign.Fleet{Owner: "vorn", ID: "mon", At: "ferrum", Units: units("monitor", "destroyer")},
		campaign.Fleet{Owner: "vorn", ID: "bases", At: "halcyon", Units: units("frigate", "gsa", "cpl")},
		campaign.Fleet{Owner: "vorn", ID: "lost", At: "wyvern", Units: units("cruiser", "frigate"), Trapped: 2},
		campaign.Fleet{Owner: "vorn", ID: "tender", At: "meridian", Units: units("repair-freighter", "repair-tender", "destroyer", "escort"),
			Captured: []int{3}, Damage: []campaign.UnitDamage{{Unit: 2, Structure: 1}}},
		campaign.Fleet{Owner: "castellan", ID: "raiders", At: "halcyon", Units: units("cruiser", "frigate"), Trapped: 2},
	)
	st.Fleets = fleets
	st.FRDs = append(st.FRDs, campaign.FRD{Owner: "vorn", At: "ferrum"})
	spring := campaign.Date{Year: 165, Season: campaign.Spring}
	st.Developments = append(st.Developments,
		campaign.Development{At: "halcyon", Owner: "vorn", Kind: campaign.Colony, Since: spring},
		campaign.Development{At: "halcyon", Owner: "vorn", Kind: campaign.Fortification, Since: spring},
		campaign.Development{At: "wyvern", Owner: "castellan", Kind: campaign.Fortification, Since: spring},
	)
	for _, v := range Observe(st) {
		if v.Player == "vorn" {
			return st, &v
		}
	}
	t.Fatal("frontier has no player vorn")
	return nil, nil
}

func TestOrderTemplateRichGolden(t *testing.T) {
	_, v := richFrontier(t)
	golden.Check(t, "testdata/ordertemplate/rich-t3-vorn.yaml.golden", OrderTemplate(v, "orders.schema.json"))
}

// TestOrderTemplateOffersEveryOrderKind uncomments each order the rich
// template offers, on its own, and checks that Validate accepts it
// at its stated cost, and that every order kind is offered.
func TestOrderTemplateOffersEveryOrderKind(t *testing.T) {
	st, v := richFrontier(t)
	seen := checkSuggestions(t, st, v)
	kinds := map[string]int{}
	for k, n := range seen {
		kind, _, _ := strings.Cut(k, " ")
		kinds[kind] += n
	}
	for _, k := range []string{"move", "develop", "develop-fortification", "build-at", "resupply", "transfer", "scrap",
		"inspect", "self_repair", "install", "siege", "move_frd", "build_frd"} {
		if kinds[k] == 0 {
			t.Errorf("the rich template offers no %s order; it offers %v", k, seen)
		}
	}
	for _, k := range []string{"develop free", "move_frd 1 point", "move_frd 3 points", "build_frd 3 points"} {
		if seen[k] == 0 {
			t.Errorf("the rich template offers no %s; it offers %v", k, seen)
		}
	}
	if seen["build 1 point"] != 0 {
		t.Errorf("vorn has two FRDs, but the template offers %d builds without at:", seen["build 1 point"])
	}
}

// offered returns the orders the template offers, uncommented.
func offered(tmpl []byte) []string {
	var out []string
	for _, m := range suggested.FindAllStringSubmatch(string(tmpl), -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
}

// TestOrderTemplateWhereOrdersMakeSense checks what the rich template
// leaves out: every order but the siege roll for a trapped fleet
// (EaW 10h), a move for the MON's fleet at its FRD (EaW 17e), a free jump
// and a resupply at a disrupted colony (EaW 10i), a fortification where one
// stands (EaW 11.0), and the services a fleet has no use for.
func TestOrderTemplateWhereOrdersMakeSense(t *testing.T) {
	_, v := richFrontier(t)
	tmpl := OrderTemplate(v, "orders.schema.json")
	orders := offered(tmpl)
	for _, tc := range []struct {
		name string
		re   string
		want int
	}{
		{"only a siege for the trapped fleet", `fleet: lost\b|from: lost\b`, 1},
		{"a siege for the trapped fleet", `^- siege: \{fleet: lost\}$`, 1},
		{"no siege for a free fleet", `^- siege: \{fleet: [^l]`, 0},
		{"no move for the MON's fleet at its FRD", `^- move: \{fleet: mon\b`, 0},
		{"no resupply at the disrupted colony", `^- resupply: \{fleet: (5th|bases)\}`, 0},
		{"a resupply at the FRD", `^- resupply: \{fleet: 1st\}$`, 1},
		{"a resupply with a repair freighter", `^- resupply: \{fleet: tender\}$`, 1},
		{"no resupply for a fleet without damage", `^- resupply: \{fleet: (2nd|3rd|4th|6th|mon)\}`, 0},
		{"an inspection only with prizes", `^- inspect: \{fleet: `, 2},
		{"an install only with bases", `^- install: \{fleet: bases, units: \[gsa\]\}$`, 1},
		{"installs for no other fleet", `^- install: `, 1},
		{"no fortification at halcyon", `^- develop: \{fleet: (5th|bases), what: fortification\}`, 0},
		{"a tug and the MON go with the FRD at ferrum", `^- move_frd: \{at: ferrum, path: \[mistral\], tug: 2nd\}$`, 1},
		{"a tow for each FRD", `^- move_frd: `, 2},
		{"a new FRD only where there is none", `^- build_frd: \{at: halcyon\}$`, 1},
		{"a build at each FRD", `^- build: .*, at: (drakkar|ferrum)\}$`, 2},
	} {
		re := regexp.MustCompile(tc.re)
		n := 0
		for _, o := range orders {
			if re.MatchString(o) {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d offered orders match %s, want %d", tc.name, n, tc.re, tc.want)
		}
	}
	for _, line := range strings.Split(string(tmpl), "\n") {
		if strings.Contains(line, "- move: {fleet: 5th") && !strings.Contains(line, "# 1 point") {
			t.Errorf("a move from the disrupted colony is offered as free (EaW 10i): %q", line)
		}
	}
	if !slices.ContainsFunc(v.Fleets, func(f FleetView) bool { return f.ID == "lost" && f.Trapped == 2 }) {
		t.Errorf("vorn's view has no fleet lost trapped in turn 2: %s", fmt.Sprint(v.Fleets))
	}
}
