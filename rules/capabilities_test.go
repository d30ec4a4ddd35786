package rules_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// capabilityRow matches a row of the capability table in game/doc.go: the
// add-on, and which ruleset has it.
var capabilityRow = regexp.MustCompile(`(?m)^//\t([A-Z][A-Za-z]+)(?: \(a Checked\))? .*\s(EaW|TD IV|both|none)\s`)

// implements reports whether rs has add-on T.
func implements[T any](rs game.Ruleset) bool {
	_, ok := rs.(T)
	return ok
}

// TestCapabilityTable: the table of capabilities in game/doc.go says which
// ruleset has each add-on, as the code does, and lists every add-on.
func TestCapabilityTable(t *testing.T) {
	doc, err := os.ReadFile("../game/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	has := map[string]func(rs game.Ruleset) bool{
		"Preparer":          implements[game.Preparer],
		"Sequential":        implements[game.Sequential],
		"TurnOrder":         implements[game.TurnOrder],
		"Calendar":          implements[game.Calendar],
		"Citer":             implements[game.Citer],
		"ExtensionPolicy":   implements[game.ExtensionPolicy],
		"Voting":            implements[game.Voting],
		"Polls":             implements[game.Polls],
		"Resigner":          implements[game.Resigner],
		"ReportedBattles":   implements[game.ReportedBattles],
		"ResultExampler":    implements[game.ResultExampler],
		"BattleClock":       implements[game.BattleClock],
		"ScenarioGenerator": implements[game.ScenarioGenerator],
	}
	rows := map[string]string{}
	for _, m := range capabilityRow.FindAllStringSubmatch(string(doc), -1) {
		rows[m[1]] = m[2]
	}
	for name, of := range has {
		who, ok := rows[name]
		if !ok {
			t.Errorf("game/doc.go has no row for %s", name)
			continue
		}
		e, td := of(eaw.Ruleset{}), of(thunderdome.Ruleset{})
		want := map[[2]bool]string{{true, true}: "both", {true, false}: "EaW", {false, true}: "TD IV", {false, false}: "none"}[[2]bool{e, td}]
		if who != want {
			t.Errorf("game/doc.go says %s is %s's; the code says %s", name, who, want)
		}
	}
}
