package campaign

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Rules are the parameters of a ruleset. A preset is a function returning a
// fresh value, so a scenario's overrides never touch another campaign's
// rules.
type Rules struct {
	// Preset names the ruleset the parameters started from.
	Preset string `json:"preset" yaml:"-"`
	// Turns is "simultaneous" (EaW: every player plots each seasonal turn
	// by one deadline).
	Turns   string      `json:"turns" yaml:"turns"`
	Budget  BudgetRules `json:"budget" yaml:"budget"`
	Vision  VisionRules `json:"vision" yaml:"vision"`
	Income  IncomeRules `json:"income" yaml:"income"`
	Build   BuildRules  `json:"build" yaml:"build"`
	Fleets  FleetRules  `json:"fleets" yaml:"fleets"`
	Battles BattleMode  `json:"battles" yaml:"battles"`
	// Explore sets what exploring pays (EaW 16a–16c).
	Explore ExploreRules `json:"explore" yaml:"explore"`
	// Legendary sets the yearly Legendary Officer roll (EaW 2e).
	Legendary LegendaryRules `json:"legendary" yaml:"legendary"`
	// Fortify sets sieges and disruption at fortifications (EaW 10c, 10i).
	Fortify FortifyRules `json:"fortify" yaml:"fortify"`
	// FRD sets building and towing FRDs (EaW 15a, 15e–15g, 17e).
	FRD FRDRules `json:"frd" yaml:"frd"`
}

// FortifyRules set sieges and disruption at fortifications (EaW 10c, 10i).
type FortifyRules struct {
	// SiegeCost is the points a siege roll costs (EaW 10c: 1).
	SiegeCost int `json:"siege_cost" yaml:"siege_cost"`
	// Siege is the 2D6 total, exactly, that breaks a fortification
	// (EaW 10c: 7).
	Siege int `json:"siege" yaml:"siege"`
	// Disruption is the percentage of a site's income that enemy fleets
	// trapped there cut off (EaW 10i: 75).
	Disruption int `json:"disruption" yaml:"disruption"`
}

// FRDRules set building and towing FRDs (EaW 15a, 15e–15g, 17e).
type FRDRules struct {
	// Price is the BPV a new FRD costs (EaW 15a: 200), and BuildCost the
	// points (EaW 15a: 3).
	Price     int `json:"price" yaml:"price"`
	BuildCost int `json:"build_cost" yaml:"build_cost"`
	// TowCost is the points each lane an FRD is moved costs: alone, with a
	// salvage tug, with a military tug (EaW 15e, 15f, 15g: 3, 2, 1).
	TowCost [3]int `json:"tow_cost" yaml:"tow_cost"`
	// MONJumpCost is the points each lane a fleet holding a MON costs
	// when it moves without its FRD (EaW 17e: 2).
	MONJumpCost int `json:"mon_jump_cost" yaml:"mon_jump_cost"`
}

// ExploreRules set what exploring an unknown planet pays (EaW 16a–16c).
type ExploreRules struct {
	// Bonus is the BPV a bonus row of the discovery table pays, without a
	// scout and with one, to an explorer who takes BPV over a precursor
	// roll (EaW 16a, 16b: 10, 20).
	Bonus [2]int `json:"bonus" yaml:"bonus"`
	// Treasure is what precursor object 4 pays (EaW 16c: 50).
	Treasure int `json:"treasure" yaml:"treasure"`
	// Refund is the percentage of one ship's combat BPV that precursor
	// object 3 refunds when the fleet's Commander's Options are full
	// (EaW 16c: 20).
	Refund int `json:"refund" yaml:"refund"`
}

// LegendaryRules set the yearly Legendary Officer roll (EaW 2e). The SFB
// table the rule names (G22.111) is not ours: pbemd throws 2D6 per player
// (digest §8 V5).
type LegendaryRules struct {
	// Roll is the 2D6 total, or more, that brings a player a Legendary
	// Officer at New Year; 0 turns the roll off.
	Roll int `json:"roll" yaml:"roll"`
	// Cost is the officer's price, in percent of the combat BPV of the
	// ship it joins, paid at once (EaW 2e, 7b).
	Cost int `json:"cost" yaml:"cost"`
}

// FleetRules limit fleets (EaW 17.0, 17a, 2c). A 0 turns a limit off.
type FleetRules struct {
	// MaxCBPV is the largest combat BPV of one fleet in each period of
	// the campaign: from the start year, from start +StepYears and from
	// start +2×StepYears (EaW 17.0: 600, 800, 1000).
	MaxCBPV [3]int `json:"max_cbpv" yaml:"max_cbpv"`
	// MaxBigCBPV caps the combat BPV of size class 2 and 3 ships in one
	// fleet, by period (EaW 17.0: 450, 600, 750).
	MaxBigCBPV [3]int `json:"max_big_cbpv" yaml:"max_big_cbpv"`
	StepYears  int    `json:"step_years" yaml:"step_years"`
	// PerSystem is how many of one player's fleets a system may hold
	// (EaW 17a: 3, except at the start).
	PerSystem int `json:"per_system" yaml:"per_system"`
	// StartCount, StartSize and StartMinCBPV check the starting fleets
	// (EaW 2c): exactly StartCount fleets per player, each with a ship of
	// size class StartSize and from StartMinCBPV to the first MaxCBPV.
	StartCount   int `json:"start_count" yaml:"start_count"`
	StartSize    int `json:"start_size" yaml:"start_size"`
	StartMinCBPV int `json:"start_min_cbpv" yaml:"start_min_cbpv"`
	// SimilarHull is the surcharge, in percent, on the third and later
	// ship of one class a player owns (EaW 17f: 30), for size class 2
	// from SimilarHullMin[0] EBPV, size 3 from [1] and size 4 from [2]
	// (225, 160, 100).
	SimilarHull    int    `json:"similar_hull" yaml:"similar_hull"`
	SimilarHullMin [3]int `json:"similar_hull_min" yaml:"similar_hull_min"`
}

// BudgetRules set the order-point budget (EaW 5.0): max(Min, floor(F/Divisor)),
// where F counts fleets of at least FleetMinShips ships and FleetMinCBPV
// combat BPV (State.CountsForPoints).
type BudgetRules struct {
	Min           int `json:"min" yaml:"min"`
	Divisor       int `json:"divisor" yaml:"divisor"`
	FleetMinShips int `json:"fleet_min_ships" yaml:"fleet_min_ships"`
	FleetMinCBPV  int `json:"fleet_min_cbpv" yaml:"fleet_min_cbpv"`
	// JumpCost, BuildCost and DevelopCost are the points each lane jumped,
	// each build and each development costs (EaW 5.0).
	JumpCost    int `json:"jump_cost" yaml:"jump_cost"`
	BuildCost   int `json:"build_cost" yaml:"build_cost"`
	DevelopCost int `json:"develop_cost" yaml:"develop_cost"`
	// FreeJumpFromColony grants one free jump per fleet per turn when it
	// starts at the player's own developed colony (EaW 5b).
	FreeJumpFromColony bool `json:"free_jump_from_colony" yaml:"free_jump_from_colony"`
}

// VisionRules set what fleets see at the end of a turn (EaW 5e).
type VisionRules struct {
	// Radius is how many lanes away a fleet sees.
	Radius int `json:"radius" yaml:"radius"`
}

// IncomeRules set the New Year income (EaW 3c, 12a, 14.0).
type IncomeRules struct {
	// Mine is the BPV a developed mine yields for a whole year.
	Mine int `json:"mine" yaml:"mine"`
	// Prorate is the percentage of a year's income a development earns in
	// the year it was set up, by the season it was set up in (EaW 12a:
	// 100/75/50/25).
	Prorate [4]int `json:"prorate" yaml:"prorate"`
	// GSA, GSO and GMS are the BPV a ground base of each kind yields for a
	// whole year with a CPL of its owner's in the system: a GSA at the
	// owner's developed colony, a GSO at a dead planet, a GMS at the
	// owner's developed mine (EaW 14.0: 10, 5, 5). They are prorated like
	// mines, by the season of installation.
	GSA int `json:"gsa" yaml:"gsa"`
	GSO int `json:"gso" yaml:"gso"`
	GMS int `json:"gms" yaml:"gms"`
}

// BuildRules limit building at an FRD (EaW 6.0).
type BuildRules struct {
	// Docking is the number of docking points one FRD builds per turn.
	Docking int `json:"docking" yaml:"docking"`
}

// BattleMode says how battles get their results.
type BattleMode string

// The battle modes: pbemd rolls the battle, or the players fight it in their
// tactical game and report the outcome.
const (
	BattlesAuto     BattleMode = "auto"
	BattlesReported BattleMode = "reported"
)

// PresetEaW returns the Empires at War rules.
func PresetEaW() Rules {
	return Rules{
		Preset: "eaw",
		Turns:  "simultaneous",
		Budget: BudgetRules{
			Min: 3, Divisor: 2, FleetMinShips: 2, FleetMinCBPV: 175,
			JumpCost: 1, BuildCost: 1, DevelopCost: 1,
			FreeJumpFromColony: true,
		},
		Vision: VisionRules{Radius: 1},
		Income: IncomeRules{Mine: 100, Prorate: [4]int{100, 75, 50, 25}, GSA: 10, GSO: 5, GMS: 5},
		Build:  BuildRules{Docking: 36},
		Fleets: FleetRules{
			MaxCBPV: [3]int{600, 800, 1000}, MaxBigCBPV: [3]int{450, 600, 750}, StepYears: 10,
			PerSystem: 3, StartCount: 6, StartSize: 4, StartMinCBPV: 175,
			SimilarHull: 30, SimilarHullMin: [3]int{225, 160, 100},
		},
		Battles:   BattlesAuto,
		Explore:   ExploreRules{Bonus: [2]int{10, 20}, Treasure: 50, Refund: 20},
		Legendary: LegendaryRules{Roll: 11, Cost: 10},
		Fortify:   FortifyRules{SiegeCost: 1, Siege: 7, Disruption: 75},
		FRD:       FRDRules{Price: 200, BuildCost: 3, TowCost: [3]int{3, 2, 1}, MONJumpCost: 2},
	}
}

// Preset returns the named preset's rules, and whether it exists.
func Preset(name string) (Rules, bool) {
	switch name {
	case "eaw":
		return PresetEaW(), true
	}
	return Rules{}, false
}

// FleetCaps returns the largest combat BPV of one fleet, and of its size
// class 2 and 3 ships, in the year of date (EaW 17.0); 0 is no cap.
func (r *Rules) FleetCaps(start, date Date) (total, big int) {
	period := 0
	if r.Fleets.StepYears > 0 {
		period = min(max((date.Year-start.Year)/r.Fleets.StepYears, 0), 2)
	}
	return r.Fleets.MaxCBPV[period], r.Fleets.MaxBigCBPV[period]
}

// HullSurcharge returns the percentage added to the price of a unit of
// class c when the player already owns owned units of it (EaW 17f): the
// third and later ship of a big enough class. Civilian ships and
// auxiliaries (size class 5 and up) never carry it.
func (r *Rules) HullSurcharge(c *UnitClass, owned int) int {
	if owned < 2 || c.Size < 2 || c.Size > 4 || r.Fleets.SimilarHull == 0 {
		return 0
	}
	if c.EBPV < r.Fleets.SimilarHullMin[c.Size-2] {
		return 0
	}
	return r.Fleets.SimilarHull
}

// UnmarshalJSON reads rules stored by any version of pbemd: a parameter
// missing from the JSON, because it was added after the rules were
// stored, takes its preset's value rather than zero, which would, for
// instance, make sieges impossible and new FRDs free. Parameters present
// keep their stored value, zero included.
func (r *Rules) UnmarshalJSON(data []byte) error {
	var head struct {
		Preset string `json:"preset"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return err
	}
	type plain Rules // without this method
	p := plain{}
	if preset, ok := Preset(head.Preset); ok {
		p = plain(preset)
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*r = Rules(p)
	return nil
}

// Override is one parameter where a campaign's rules differ from their
// preset: its path as a scenario's overrides: write it ("budget.jump_cost"),
// and its value in the campaign and in the preset, as YAML would write them.
type Override struct {
	Path, Value, Preset string
}

// Overrides lists the parameters where r differs from its preset, in the
// order Rules declares them; none for rules without a known preset.
func (r *Rules) Overrides() []Override {
	preset, ok := Preset(r.Preset)
	if !ok {
		return nil
	}
	var out []Override
	overrides(reflect.ValueOf(*r), reflect.ValueOf(preset), "", &out)
	return out
}

// overrides adds to out every field of the structs v and p, by path,
// whose values differ; a whole array is one parameter, as in a scenario.
func overrides(v, p reflect.Value, path string, out *[]Override) {
	if v.Kind() != reflect.Struct {
		if !v.Equal(p) {
			*out = append(*out, Override{Path: path, Value: yamlValue(v), Preset: yamlValue(p)})
		}
		return
	}
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
		if name == "" || name == "-" {
			continue
		}
		if path != "" {
			name = path + "." + name
		}
		overrides(v.Field(i), p.Field(i), name, out)
	}
}

// yamlValue writes a parameter's value as a scenario would: 2, true,
// reported, [600, 800, 1000].
func yamlValue(v reflect.Value) string {
	if v.Kind() != reflect.Array {
		return fmt.Sprint(v.Interface())
	}
	parts := make([]string, v.Len())
	for i := range parts {
		parts[i] = yamlValue(v.Index(i))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
