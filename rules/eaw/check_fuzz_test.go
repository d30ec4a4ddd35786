package eaw

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// validateSeeds are orders for vorn against frontier(): valid ones, and
// ones that break each rule Validate checks.
var validateSeeds = []string{
	"move: {fleet: 1st, path: [kessel, tau-ceti, vega]}",
	"move: {fleet: 1st, path: [vega]}",
	"move: {fleet: 9th, path: [tau-cet]}",
	"move: {fleet: 1st, path: [tau-ceti]}\n  - move: {fleet: 1st, path: [vega]}",
	"develop: {fleet: 2nd, what: mine}",
	"develop: {fleet: 2nd, what: colony}",
	"develop: {fleet: 2nd, what: mine}\n  - move: {fleet: 2nd, path: [kessel]}",
	"build: {units: [cruiser, frigate], fleet: 5th, mp: 1}",
	"build: {units: [scout, dreadnought], fleet: 2nd}",
	"build: {units: [dreadnought, dreadnought, dreadnought, dreadnought], fleet: 1st, mp: 0}",
	"build: {units: [frigate], fleet: 3rd}\n  - build: {units: [frigate], fleet: 3rd}",
	"build: {units: [warbird], fleet: 7th}",
}

// FuzzValidate parses any text and validates what Parse returns against a
// small real state. Validate must not panic, must return Problems within
// bounds or costs that add up, must not change the state, and must give
// the same answer twice.
func FuzzValidate(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/parse/*.yaml")
	for _, in := range inputs {
		if src, err := os.ReadFile(in); err == nil {
			f.Add(src)
		}
	}
	for _, o := range validateSeeds {
		f.Add([]byte(header + "  - " + o + "\n"))
	}
	f.Add([]byte(strings.Replace(header, "vorn", "zhal", 1) + "  - move: {fleet: 9th, path: [sirius]}\n"))
	f.Add([]byte(strings.Replace(header, "vorn", "nobody", 1) + "  []\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		sub, _ := parse(src)
		if sub == nil {
			return
		}
		st := frontier().withDevelopment("vorn", "kessel", campaign.Colony).build()
		c, err := Validate(st, sub)
		if !reflect.DeepEqual(st, frontier().withDevelopment("vorn", "kessel", campaign.Colony).build()) {
			t.Fatal("Validate changed the state")
		}
		checkCosted(t, sub, c, err)
		lines := lineCount(src) + 1
		var ps orders.Problems
		if err != nil {
			if !errors.As(err, &ps) {
				t.Fatalf("Validate error %v (%T) is not Problems", err, err)
			}
			if len(ps) == 0 || len(ps) > orders.MaxProblems+1 {
				t.Fatalf("Validate returned %d problems", len(ps))
			}
			for _, p := range ps {
				if p.Msg == "" || p.Line < 0 || p.Line > lines || p.Col < 0 {
					t.Fatalf("bad problem %#v for %d lines", p, lines)
				}
			}
		}
		c2, err2 := Validate(st, sub)
		if !reflect.DeepEqual(c, c2) || (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
			t.Fatal("Validate is not deterministic")
		}
	})
}

// checkCosted checks that the costs Validate returned add up, and that
// accepted orders fit the budget and the treasury.
func checkCosted(t *testing.T, sub *orders.Submission, c *Costed, err error) {
	t.Helper()
	if c == nil {
		if err == nil {
			t.Fatal("Validate = nil, nil")
		}
		return
	}
	points, bpv := 0, 0
	for _, o := range c.Orders {
		if o.Points < 0 || o.BPV < 0 {
			t.Fatalf("order %+v has a negative cost", o)
		}
		points += o.Points
		bpv += o.BPV
	}
	if c.Used != points || c.Spent != bpv || c.Left != c.Budget-c.Used {
		t.Fatalf("costs do not add up: %+v, points %d, BPV %d", c, points, bpv)
	}
	if err == nil && (len(c.Orders) != len(listOf(sub)) || c.Left < 0 || c.Spent > c.Treasury) {
		t.Fatalf("accepted orders over budget or treasury, or orders lost: %+v for %d orders", c, len(listOf(sub)))
	}
}
