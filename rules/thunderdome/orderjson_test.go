package thunderdome_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestOrdersOnFileReadBack: the store keeps a submission as JSON, each
// order as {"pos", "kind", "order"} (testdata/orders.json.golden, every
// kind's example once, as the first release wrote them), and every order
// reads back as it was parsed, so orders on file before an upgrade still
// apply after it.
func TestOrdersOnFileReadBack(t *testing.T) {
	src := "campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n"
	for k := range thunderdome.Kinds().All() {
		src += "  " + k.Example() + "\n"
	}
	sub := parseMail(t, src)
	data, err := json.MarshalIndent(sub, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/orders.json.golden", append(data, '\n'))
	var back orders.Submission
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	got, err := orders.PartOf[[]thunderdome.Order](back.Orders)
	if err != nil {
		t.Fatalf("orders read back: %v", err)
	}
	want, _ := orders.PartOf[[]thunderdome.Order](sub.Orders)
	if n := len(thunderdome.Kinds().Names()); len(want) != n || !reflect.DeepEqual(got, want) {
		t.Errorf("orders read back =\n%+v\nwant the %d parsed\n%+v", got, n, want)
	}
}
