package eaw

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
)

// TestOrdersOnFileReadBack: the store keeps a submission as JSON, its
// orders in the form the last release wrote (testdata/orders.json.golden,
// every kind's example once), and every order reads back as it was
// parsed, so orders on file before an upgrade still resolve after it.
func TestOrdersOnFileReadBack(t *testing.T) {
	var src strings.Builder
	src.WriteString(header)
	for k := range kinds.All() {
		src.WriteString("  " + k.Example() + "\n")
	}
	sub, err := parse([]byte(src.String()))
	if err != nil {
		t.Fatalf("parse(every kind's example) = %v", err)
	}
	compact, err := json.Marshal(sub)
	if err != nil {
		t.Fatal(err)
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, compact, "", "  "); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/orders.json.golden", append(indented.Bytes(), '\n'))
	var back orders.Submission
	if err := json.Unmarshal(compact, &back); err != nil {
		t.Fatal(err)
	}
	got, _, err := content(&back)
	if err != nil {
		t.Fatalf("content(read back) = %v", err)
	}
	if want := listOf(sub); !reflect.DeepEqual(got, want) {
		t.Errorf("orders read back =\n%+v\nwant\n%+v", got, want)
	}
}
