package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"go.yaml.in/yaml/v3"
)

// presetNames lists the presets campaign.Preset knows, for messages.
var presetNames = []string{"eaw"}

// overrideChoices lists the values a text field of campaign.Rules may
// take, by its path under overrides. Only simultaneous turns exist so far.
var overrideChoices = map[string][]string{
	"overrides.turns":            {"simultaneous"},
	"overrides.battles":          {string(campaign.BattlesAuto), string(campaign.BattlesReported)},
	"moderation.messages":        policyNames(),
	"moderation.battles.timeout": {campaign.TimeoutAuto, campaign.TimeoutGM},
}

func policyNames() []string {
	out := make([]string, len(campaign.MessagePolicies))
	for i, p := range campaign.MessagePolicies {
		out[i] = string(p)
	}
	return out
}

var durationType = reflect.TypeFor[time.Duration]()

// overrideMax caps whole-number fields of campaign.Rules, by path; every
// whole number must also be 0 or more. Prorating (EaW 12a), the precursor
// refund (EaW 16c), the Legendary Officer's cost (EaW 2e), the similar-hull
// surcharge (EaW 17f) and disruption (EaW 10i) are percentages; the
// officer's roll and the siege roll (EaW 10c) are 2D6 totals.
var overrideMax = map[string]int{
	"overrides.income.prorate":     100,
	"overrides.explore.refund":     100,
	"overrides.legendary.roll":     12,
	"overrides.legendary.cost":     100,
	"overrides.fortify.siege":      12,
	"overrides.fortify.disruption": 100,
}

// readRules picks the preset (default eaw) and applies the overrides to a
// fresh copy of it.
func (l *loader) readRules(preset, overrides *yaml.Node) {
	name := "eaw"
	if preset != nil {
		s, ok := l.text(preset, "rules")
		if !ok {
			return
		}
		name = s
	}
	rules, ok := campaign.Preset(name)
	if !ok {
		l.addf(preset, "rules %s is not a preset pbemd knows: write %s%s",
			quote(name), oneOf(presetNames), l.didYouMean(name, presetNames))
	}
	l.override(overrides, reflect.ValueOf(&rules).Elem(), "overrides")
	l.st.Rules = rules
}

// override sets the field v from n, strictly: a struct is a mapping keyed by
// its fields' yaml tags, and an array a list of exactly its length.
func (l *loader) override(n *yaml.Node, v reflect.Value, path string) {
	if n == nil {
		return
	}
	switch {
	case v.Type() == durationType:
		if d, ok := l.duration(n, path); ok {
			if d < 0 {
				l.addf(n, "%s %v is negative; write a duration such as 30m", path, d)
				return
			}
			v.SetInt(int64(d))
		}
		return
	case v.Kind() == reflect.Slice && v.Type().Elem() == durationType:
		items, ok := l.List(n, path, "")
		if !ok {
			return
		}
		list := reflect.MakeSlice(v.Type(), 0, len(items))
		for i, item := range items {
			d := reflect.New(durationType).Elem()
			l.override(item, d, fmt.Sprintf("%s[%d]", path, i))
			list = reflect.Append(list, d)
		}
		v.Set(list)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		l.overrideStruct(n, v, path)
	case reflect.Array:
		items, ok := l.List(n, path, "")
		if !ok {
			return
		}
		if len(items) != v.Len() {
			l.addf(n, "%s: want a list of %d values, found %d", path, v.Len(), len(items))
			return
		}
		for i, item := range items {
			l.overrideInt(item, v.Index(i), fmt.Sprintf("%s[%d]", path, i), overrideMax[path])
		}
	case reflect.Int:
		l.overrideInt(n, v, path, overrideMax[path])
	case reflect.Bool:
		if b, ok := l.Bool(n, path); ok {
			v.SetBool(b)
		}
	case reflect.String:
		s, ok := l.text(n, path)
		if !ok {
			return
		}
		if choices, has := overrideChoices[path]; has && !slices.Contains(choices, s) {
			l.addf(n, "%s %s is not allowed: write %s%s", path, quote(s), oneOf(choices), l.didYouMean(s, choices))
			return
		}
		v.SetString(s)
	default:
		panic(fmt.Sprintf("config: cannot override %s of kind %s", path, v.Kind()))
	}
}

func (l *loader) overrideStruct(n *yaml.Node, v reflect.Value, path string) {
	t := v.Type()
	var known []string
	index := make(map[string]int)
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name == "" || name == "-" || !t.Field(i).IsExported() {
			continue
		}
		known = append(known, name)
		index[name] = i
	}
	f, ok := l.Mapping(n, path, known...)
	if !ok {
		return
	}
	for _, name := range known {
		l.override(f.Value(name), v.Field(index[name]), path+"."+name)
	}
}

func (l *loader) overrideInt(n *yaml.Node, v reflect.Value, path string, limit int) {
	i, ok := l.Int(n, path, "")
	switch {
	case !ok:
	case i < 0:
		l.addf(n, "%s %d is negative; write 0 or more", path, i)
	case limit > 0 && i > limit:
		l.addf(n, "%s %d is more than %d", path, i, limit)
	default:
		v.SetInt(int64(i))
	}
}
