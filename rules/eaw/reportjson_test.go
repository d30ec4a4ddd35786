package eaw

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// reportJSONDoc documents the JSON report for players' tools.
const reportJSONDoc = "../../docs/report-json.md"

// richView is a view with every list non-empty and every key that may be
// omitted set, so that its JSON report shows every key.
func richView() *View {
	since := campaign.Date{Year: 165, Season: campaign.Spring}
	lane := &campaign.Lane{A: "ferrum", B: "mistral"}
	return &View{
		Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Name: "Warlord Drask", Race: "Vorn",
		Turn: 4, Date: campaign.Date{Year: 165, Season: campaign.Winter}, Resolved: 3, ResolverVersion: Version,
		Ended: true, Winner: "castellan", Out: "eliminated: nothing of theirs is left on the map (EaW 29.0)", Treasury: 615, Budget: 3, Rules: campaign.PresetEaW(),
		Map: NewKnownMap(campaign.Map{
			Systems: []campaign.System{{ID: "ferrum", Name: "Ferrum", X: 2, Planet: campaign.Mineral, MapType: campaign.MapOpenSpace}, {ID: "mistral", Name: "Mistral", X: 4, Y: 1}},
			Lanes:   []campaign.Lane{*lane},
		}),
		Fleets: []FleetView{{ID: "2nd", At: "ferrum", Units: []campaign.ClassName{"frigate", "scout", "cpl"}, CBPV: 110, Scout: true,
			Damage:   []campaign.UnitDamage{{Unit: 0, Structure: 3, Attack: 1, Sensor: 1, Speed: 1}},
			Crews:    []campaign.UnitCrew{{Unit: 1, Quality: "outstanding", Legendary: "Kell Varro", XP: 40, Repaired: 2}},
			Captured: []int{0}, Carried: []int{2}, Roles: []campaign.Role{campaign.RoleLargeRepair}, SelfRepair: 1, Trapped: 2}},
		FRDs:         []campaign.SystemID{"drakkar"},
		Developments: []campaign.Development{{At: "drakkar", Owner: "vorn", Kind: campaign.Mine, Since: since}},
		Bases:        []campaign.Installation{{Owner: "vorn", At: "drakkar", Class: "gms", Since: since}},
		Disrupted:    []campaign.SystemID{"drakkar"},
		Systems: []SystemView{{ID: "mistral", Seen: 3, Current: true, Planet: campaign.Unknown,
			Detail: DetailScout, Developed: true, Contacts: []int{120}, Bases: 2}},
		Battles: []BattleView{
			{ID: "T3-B1", At: "ferrum", Status: "pending", Sides: []BattleSide{
				{Player: "vorn", Fleets: []BattleFleet{{ID: "2nd", Units: []campaign.ClassName{"frigate"}, CBPV: 60}}}}},
			{ID: "T3-B2", Lane: lane, Status: "pending", Sides: []BattleSide{
				{Player: "tekkar", Fleets: []BattleFleet{{Units: []campaign.ClassName{"cruiser"}, CBPV: 120}}}}},
		},
		Events: []game.Event{{Kind: EventMoved, Players: []campaign.PlayerID{"vorn"}, At: "ferrum", Rule: "EaW 5a",
			Text: "Fleet 2nd moved from drakkar to ferrum."}},
		BattleLogs: []game.BattleLog{{Battle: "T3-B0", Text: "Battle T3-B0 at Ferrum\n\nRound 1\n..."}},
	}
}

// TestReportJSONDocumented checks that docs/report-json.md names, in
// backquotes, every key the JSON report can carry, and the current version.
func TestReportJSONDocumented(t *testing.T) {
	js, err := ReportJSON(richView(), time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	emitted := map[string]bool{}
	emittedKeys(doc, emitted)
	declared := map[string]bool{"version": true, "deadline": true, "view": true}
	declaredKeys(reflect.TypeFor[View](), declared)
	for _, k := range slices.Sorted(maps.Keys(declared)) {
		if !emitted[k] {
			t.Errorf("the JSON report of richView() has no key %q: give the view a value for it", k)
		}
	}

	text, err := os.ReadFile(reportJSONDoc)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range slices.Sorted(maps.Keys(emitted)) {
		if !strings.Contains(string(text), "`"+k+"`") {
			t.Errorf("%s does not document the key `%s`", reportJSONDoc, k)
		}
	}
	if want := fmt.Sprintf("now **%d**", ReportJSONVersion); !strings.Contains(string(text), want) {
		t.Errorf("%s does not give the version as %q", reportJSONDoc, want)
	}
}

// emittedKeys adds every object key in a decoded JSON value to keys.
func emittedKeys(v any, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			keys[k] = true
			emittedKeys(val, keys)
		}
	case []any:
		for _, val := range v {
			emittedKeys(val, keys)
		}
	}
}

// declaredKeys adds to keys the JSON name of every field of t and of the
// types it holds, down to types that marshal themselves.
func declaredKeys(t reflect.Type, keys map[string]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	self := reflect.TypeFor[json.Marshaler]()
	text := reflect.TypeFor[encoding.TextMarshaler]()
	if t.Kind() != reflect.Struct || t.Implements(self) || t.Implements(text) {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[name] = true
		declaredKeys(f.Type, keys)
	}
}
