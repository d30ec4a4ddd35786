package campaign

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
	Battles BattleMode  `json:"battles" yaml:"battles"`
}

// BudgetRules set the order-point budget (EaW 5.0): max(Min, floor(F/Divisor)),
// where F counts fleets of at least FleetMinShips units and FleetMinCBPV
// combat BPV.
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

// IncomeRules set the New Year income (EaW 3c, 12a).
type IncomeRules struct {
	// Mine is the BPV a developed mine yields for a whole year.
	Mine int `json:"mine" yaml:"mine"`
	// Prorate is the percentage of a year's income a development earns in
	// the year it was set up, by the season it was set up in (EaW 12a:
	// 100/75/50/25).
	Prorate [4]int `json:"prorate" yaml:"prorate"`
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
		Vision:  VisionRules{Radius: 1},
		Income:  IncomeRules{Mine: 100, Prorate: [4]int{100, 75, 50, 25}},
		Build:   BuildRules{Docking: 36},
		Battles: BattlesAuto,
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
