package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestPrefs reads the standing preferences (EaW 16a, 16b, 16c).
func TestPrefs(t *testing.T) {
	valid := []struct {
		name  string
		prefs string
		want  Prefs
	}{
		{"none given", "", DefaultPrefs()},
		{"empty", "prefs:\n", DefaultPrefs()},
		{"precursor", "prefs: {explore_bonus: precursor}\n", Prefs{ExploreBonus: ExplorePrecursor, ExplorePlanet: campaign.Mineral}},
		{"life", "prefs: {explore_planet: life}\n", Prefs{ExploreBonus: ExploreBPV, ExplorePlanet: campaign.Life}},
		{"both", "prefs:\n  explore_planet: dead\n  explore_bonus: bpv\n", Prefs{ExploreBonus: ExploreBPV, ExplorePlanet: campaign.Dead}},
	}
	for _, tc := range valid {
		t.Run(tc.name, func(t *testing.T) {
			sub, err := parse([]byte(header + "  []\n" + tc.prefs))
			if err != nil {
				t.Fatalf("Parse = %v", err)
			}
			if prefsOf(sub) != tc.want {
				t.Errorf("parse(%q).Prefs = %+v, want %+v", tc.prefs, prefsOf(sub), tc.want)
			}
		})
	}
	invalid := []struct {
		name, prefs, want string
	}{
		{"unknown planet", "prefs: {explore_planet: unknown}\n", `explore_planet must be life, mineral or dead, not "unknown"`},
		{"list", "prefs: {explore_planet: [life]}\n", "explore_planet must be a single name"},
		{"misspelt key", "prefs: {explore_planets: life}\n", `unknown key "explore_planets" in prefs`},
	}
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse([]byte(header + "  []\n" + tc.prefs))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parse(%q) = %v, want a problem saying %q", tc.prefs, err, tc.want)
			}
		})
	}
}
