package battle_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/scenarios"
)

// TestFrontierCatalogue keeps testdata/frontier-catalogue.json.golden, the
// catalogue the calibration holds for, in step with the example scenario.
// The battle tests read it from there: package battle's own tests cannot
// import config, which imports battle through game and orders.
func TestFrontierCatalogue(t *testing.T) {
	cat, err := config.ParseCatalogue("frontier.yaml", scenarios.Frontier)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(cat, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/frontier-catalogue.json.golden", append(got, '\n'))
	var back campaign.Catalogue
	if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(back, cat) {
		t.Errorf("the catalogue read back from JSON differs from the scenario's (err %v)", err)
	}
}
