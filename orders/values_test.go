package orders

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// params is a set of parameters as a ruleset keeps them, for Override.
type params struct {
	Mode    string          `yaml:"mode"`
	Percent int             `yaml:"percent"`
	Steps   [2]int          `yaml:"steps"`
	On      bool            `yaml:"on"`
	Grace   time.Duration   `yaml:"grace"`
	Remind  []time.Duration `yaml:"remind"`
	Inner   struct {
		Count int `yaml:"count"`
	} `yaml:"inner"`
	Name string `yaml:"-"`
}

var paramLimits = Limits{
	Choices: map[string][]string{"set.mode": {"auto", "manual"}},
	Max:     map[string]int{"set.percent": 100},
}

// TestCollectorOverride: a file sets a struct's fields by their yaml
// names, strictly, and a field whose value is wrong keeps its own.
func TestCollectorOverride(t *testing.T) {
	start := params{Mode: "auto", Percent: 50, Steps: [2]int{1, 2}, Grace: time.Hour, Name: "kept"}
	tests := []struct {
		name, in string
		want     func(p *params)
		problems string
	}{
		{"every kind of field", "{mode: manual, percent: 100, steps: [3, 4], on: yes, grace: 30m, remind: [48h, 1h], inner: {count: 2}}",
			func(p *params) {
				p.Mode, p.Percent, p.Steps, p.On, p.Grace = "manual", 100, [2]int{3, 4}, true, 30*time.Minute
				p.Remind, p.Inner.Count = []time.Duration{48 * time.Hour, time.Hour}, 2
			}, ""},
		{"out of bounds", "{mode: manaul, percent: 101, steps: [1, -1], grace: -1m}", func(*params) {}, strings.Join([]string{
			`1:8: set.mode "manaul" is not allowed: write auto or manual; did you mean "manual"?`,
			`1:25: set.percent 101 is more than 100`,
			`1:41: set.steps[1] -1 is negative; write 0 or more`,
			`1:53: set.grace -1m0s is negative; write a duration such as 30m`,
		}, "\n")},
		{"wrong shapes", "{steps: [1], grace: soon, inner: 3, name: x}", func(*params) {}, strings.Join([]string{
			`1:9: set.steps: want a list of 2 values, found 1`,
			`1:21: set.grace "soon" is not a duration; write hours, minutes and seconds, e.g. 72h, 1m or 1h30m`,
			`1:34: set.inner must be a mapping, not "3"`,
			`1:37: unknown key "name" in set; keys in set: mode, percent, steps, on, grace, remind, inner`,
		}, "\n")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var c Collector
			got, want := start, start
			c.Override(node(t, tc.in), &got, "set", paramLimits)
			tc.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Override(%s) = %+v, want %+v", tc.in, got, want)
			}
			problems := ""
			if err := c.Err(); err != nil {
				problems = err.Error()
			}
			if problems != tc.problems {
				t.Errorf("Override(%s) problems:\n%s\nwant:\n%s", tc.in, problems, tc.problems)
			}
		})
	}
}
