package eaw

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Order is exactly one order: one of its pointer fields is set.
type Order struct {
	Pos        orders.Pos // the list item's position
	Move       *Move
	Develop    *Develop
	Build      *Build
	Resupply   *Resupply
	Transfer   *Transfer
	Scrap      *UnitsOrder
	Inspect    *FleetOrder
	SelfRepair *FleetOrder
	Install    *UnitsOrder
	Siege      *FleetOrder
	MoveFRD    *MoveFRD
	BuildFRD   *BuildFRD
}

// Kind returns the order's kind as the player writes it, such as "move"
// or "self_repair"; "" for an empty Order.
func (o Order) Kind() string {
	switch {
	case o.Move != nil:
		return kindMove
	case o.Develop != nil:
		return kindDevelop
	case o.Build != nil:
		return kindBuild
	case o.Resupply != nil:
		return kindResupply
	case o.Transfer != nil:
		return kindTransfer
	case o.Scrap != nil:
		return kindScrap
	case o.Inspect != nil:
		return kindInspect
	case o.SelfRepair != nil:
		return kindSelfRepair
	case o.Install != nil:
		return kindInstall
	case o.Siege != nil:
		return kindSiege
	case o.MoveFRD != nil:
		return kindMoveFRD
	case o.BuildFRD != nil:
		return kindBuildFRD
	}
	return ""
}

// Move sends a fleet along warp lanes (EaW 5a).
type Move struct {
	Fleet campaign.FleetID
	// Path lists the systems to enter in order; if the first element is the
	// fleet's current system it is the start and is not a jump.
	Path []campaign.SystemID
	// PathPos holds the position of each element of Path.
	PathPos  []orders.Pos
	FleetPos orders.Pos
}

// Develop sets up a mine or a colony at the planet where the fleet is
// (EaW 12.0, 13.0).
type Develop struct {
	Fleet    campaign.FleetID
	What     campaign.DevelopmentKind // campaign.Mine or campaign.Colony
	FleetPos orders.Pos
	WhatPos  orders.Pos
}

// Build builds units at the player's FRD into a fleet there (EaW 6.0).
type Build struct {
	// At is the system of the FRD that builds; empty means the player's
	// only FRD.
	At    campaign.SystemID
	AtPos orders.Pos
	Units []campaign.ClassName
	// Fleet is the player's fleet at the FRD, or a new fleet ID, which
	// creates the fleet there (EaW 6c).
	Fleet campaign.FleetID
	// MP is 1 (the default; costs 1 point; the units may move this turn) or
	// 0 (free; the units move next turn) (EaW 6.0).
	MP       int
	UnitsPos []orders.Pos
	FleetPos orders.Pos
	MPPos    orders.Pos
}

// Prefs are standing answers to choices that come up during resolution.
type Prefs struct {
	// ExploreBonus is "bpv" (the default) or "precursor": what a bonus row
	// of the discovery table gives (EaW 16a, 16b, 16c); key explore_bonus.
	ExploreBonus string
	// ExplorePlanet is the planet type taken when the discovery table
	// leaves it to the Admiral (a 6 on a bonus row, EaW 16a, 16b):
	// campaign.Mineral (the default), Life or Dead; key explore_planet.
	ExplorePlanet campaign.PlanetType
}

// The values of Prefs.ExploreBonus.
const (
	// ExploreBPV takes the BPV an exploration finds (EaW 16a, 16b).
	ExploreBPV = "bpv"
	// ExplorePrecursor rolls for a precursor object instead (EaW 16c).
	ExplorePrecursor = "precursor"
)

// DefaultPrefs returns the preferences of a player who gives none.
func DefaultPrefs() Prefs { return Prefs{ExploreBonus: ExploreBPV, ExplorePlanet: campaign.Mineral} }

// The order kinds, as players write them.
const (
	kindMove    = "move"
	kindDevelop = "develop"
	kindBuild   = "build"
)
