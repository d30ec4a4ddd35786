package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrUnknownRuleset is returned when a campaign names a ruleset the
// daemon does not have.
var ErrUnknownRuleset = errors.New("game: unknown ruleset")

// Registry holds the rulesets a daemon runs, by name. Its zero value
// holds none.
type Registry struct {
	rulesets []Ruleset
}

// NewRegistry returns a registry of the given rulesets.
func NewRegistry(rs ...Ruleset) *Registry {
	r := &Registry{rulesets: slices.Clone(rs)}
	slices.SortFunc(r.rulesets, func(a, b Ruleset) int { return strings.Compare(a.Name(), b.Name()) })
	return r
}

// Lookup returns the ruleset of a name.
func (r *Registry) Lookup(name string) (Ruleset, error) {
	for _, rs := range r.rulesets {
		if rs.Name() == name {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("%w %q (this pbemd runs %s)", ErrUnknownRuleset, name, strings.Join(r.Names(), ", "))
}

// Names lists the rulesets' names, sorted.
func (r *Registry) Names() []string {
	names := make([]string, len(r.rulesets))
	for i, rs := range r.rulesets {
		names[i] = rs.Name()
	}
	return names
}
