package thunderdome

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// Ext is TD IV's own part of a campaign's state, kept as JSON in
// campaign.State.Ext. The shared parts of the state are used as they are:
// the map (sector names are the systems' names), the catalogue, the
// players (Treasury is the bank, UTD4.3236), the fleets and the developed
// colonies, mines and fortifications.
type Ext struct {
	// StartYear is the year of cycle 1.0 (UTD2.2, UTD8.12: Y165).
	StartYear int `json:"start_year"`
	// Cycle counts campaign cycles from 1: cycle 1 is "1.0", 2 is "1.5"
	// (UTD2.2).
	Cycle int `json:"cycle"`
	// Order is the turn order, rolled at setup (UTD8.14), and Rolls the
	// D1000 each player rolled last, in the same order.
	Order []campaign.PlayerID `json:"order"`
	Rolls []int               `json:"rolls"`
	// Current is the place in Order of the player whose turn is open.
	Current int `json:"current"`
	// InitialPlayers is the number of players the campaign started with:
	// the order points of a turn (UTD6.2).
	InitialPlayers int `json:"initial_players"`
	// Empires holds each player's TD IV accounts, in the state's player
	// order.
	Empires []Empire `json:"empires"`
	// Sectors holds every sector's TD IV data, in the map's order.
	Sectors []Sector `json:"sectors"`
	// Fleets holds TD IV's data on each fleet, by owner and ID: when it
	// entered its sector, whether it is pinned or trapped.
	Fleets []FleetState `json:"fleets,omitempty"`
	// Pending are colonies, mines and fortifications ordered, and
	// fortifications to remove, that take effect at step 1 of their
	// owner's next turn (UTD6.123, UTD4.331).
	Pending []Pending `json:"pending,omitempty"`
	// Breaches are the sectors where a player's minesweeper destroyed an
	// enemy fortification beside enemy colonies or mines, which that
	// player takes only by staying until their next turn (UTD4.353).
	Breaches []Breach `json:"breaches,omitempty"`
	// Retreats are fleets that disengaged, waiting to arrive at step 6 of
	// the next player's turn (UTD7.4665).
	Retreats []Retreat `json:"retreats,omitempty"`
	// Containers and Derelicts are dead drops (UTD6.3D1, UTD6.3D2).
	Containers []Container `json:"containers,omitempty"`
	Derelicts  []Derelict  `json:"derelicts,omitempty"`
	// Opening tells what steps 1–3 of the current player's turn did, for
	// the reports of the turn (UTD2.3 s1–s3).
	Opening []string `json:"opening,omitempty"`
	// Classes holds TD IV's data on each unit class: move cost and
	// tractor beams.
	Classes []ClassData `json:"classes"`
	// House are the scenario's house rules.
	House HouseRules `json:"house"`
	// Yards are the shipyards built at colonies, and each capital's own
	// yard, in the order they were built (UTD4.336, UTD6.38).
	Yards []Yard `json:"yards,omitempty"`
	// YardSizes, Builds and Docks are the scenario's shipyard sizes, the
	// new construction awaiting step 10 and the ships in dry dock
	// (yards.go).
	YardSizes []YardSize `json:"yard_sizes,omitempty"`
	Builds    []Build    `json:"builds,omitempty"`
	Docks     []Dock     `json:"docks,omitempty"`
	// Defenses are the defense units assigned to sectors (UTD7.3), in
	// the order they arrived.
	Defenses []Defense `json:"defenses,omitempty"`
	// AttritionBPV is the price of one fighter load point, PF and
	// interceptor (attrition:, UTD6.3B1), and Legends the legendary
	// officers and the outstanding crew players may buy, with their
	// prices (legends:, UTD7.263, UTD7.264).
	AttritionBPV Attrition `json:"attrition_bpv,omitzero"`
	Legends      []Legend  `json:"legends,omitempty"`
	// Intentions are the legal intentions declared for deliberately
	// illegal fleets (UTD7.26652), in the order declared.
	Intentions []Intention `json:"intentions,omitempty"`
	// NPEEmpires are the empires a non-player empire may be, in the
	// order of the empire roll (UTD5.21), and NPEs the non-player empires
	// found and not yet annexed or conquered, in the order found (npe.go).
	NPEEmpires []NPEEmpire `json:"npe_empires,omitempty"`
	NPEs       []NPE       `json:"npes,omitempty"`
	// Gone are the players out of the campaign whose units have left the
	// map, in the order they left (UTD3.91, UTD4.32).
	Gone []campaign.PlayerID `json:"gone,omitempty"`
}

// HouseRules are the settings a scenario may change (house:).
type HouseRules struct {
	// NPE turns the non-player empire check of exploration on
	// (UTD5.133): on unless the scenario sets house: {npe: false}.
	NPE bool `json:"npe,omitempty" yaml:"npe"`
	// Vision, above 0, replaces public play (UTD1.13, UTD3.1) with
	// EaW-style vision radii: each player sees the sectors within Vision
	// lanes of their fleets, capital and developments (View.fog), at most
	// MaxVision.
	Vision int `json:"vision,omitempty" yaml:"vision"`
	// Command makes S8.0's command rating a fleet rule (UTD7.261): a
	// fleet's warships need a flagship whose catalogue command rating
	// covers the others, or the fleet is illegal (UTD7.2661). Off, the
	// catalogue's ratings only lead squadrons in battle.
	Command bool `json:"command,omitempty" yaml:"command"`
}

// Empire is one player's TD IV accounts. The bank is the player's
// campaign.Player.Treasury, in whole BPV, and BankFraction (UTD4.3236;
// Ext.bank).
type Empire struct {
	Player campaign.PlayerID `json:"player"`
	// BankFraction is the bank's hundredths of a BPV below its whole BPV,
	// which campaign.Player.Treasury holds (UTD6.3F: "retain all
	// fractions").
	BankFraction BPV `json:"bank_fraction,omitempty"`
	// Unbanked is income received without a capital: spent this turn or
	// lost at its end (UTD4.3236).
	Unbanked BPV `json:"unbanked,omitempty"`
	// Permanent are the permanent extra order points bought (UTD6.22),
	// and Temporary those bought for the open turn (UTD6.21).
	Permanent int `json:"permanent,omitempty"`
	Temporary int `json:"temporary,omitempty"`
	// ExtraFleets are the fleets bought beyond 3 + players (UTD7.22).
	ExtraFleets int `json:"extra_fleets,omitempty"`
	// RetreatDebt are the order points owed for retreats, paid first on
	// the player's next turn (UTD7.4663).
	RetreatDebt int `json:"retreat_debt,omitempty"`
	// Owed is the retreat debt charged on the player's open turn: what
	// RetreatDebt was when it opened (UTD7.4663).
	Owed int `json:"owed,omitempty"`
	// Capital is the sector of the player's capital, empty without one
	// (UTD4.323); CapitalMoved is the cycle it last moved in (UTD6.32).
	Capital      campaign.SystemID `json:"capital,omitempty"`
	CapitalMoved int               `json:"capital_moved,omitempty"`
	// Home is the player's home sector (UTD4.312).
	Home campaign.SystemID `json:"home"`
	// Defend is the player's standing choice, by sector, of the fleet
	// that fights for them there (UTD7.423; prefs: defend:).
	Defend map[campaign.SystemID]campaign.FleetID `json:"defend,omitempty"`
	// Raze is the player's standing choice of sectors where the enemy
	// colonies and mines they take at step 9 are destroyed even with a
	// troop ship (UTD4.333, UTD4.343; prefs: raze:), in order.
	Raze []campaign.SystemID `json:"raze,omitempty"`
	// Legends are the legendary officers and the outstanding crew the
	// player has bought, aboard or lost, in the order bought: one of each
	// per navy, never replaced (UTD8.23, UTD7.263, UTD7.264).
	Legends []string `json:"legends,omitempty"`
	// Captured is the player's standing choice of where the ships they
	// capture go (UTD6.3I2; prefs: captured:): PlaceFleet, PlaceRoom,
	// PlaceNew or PlaceScrap; empty for PlaceFleet.
	Captured string `json:"captured,omitempty"`
}

// SectorType is what exploration found in a sector (UTD4.31).
type SectorType string

// The sector types.
const (
	Unknown SectorType = "unknown"
	Home    SectorType = "home"
	Life    SectorType = "life"
	Mineral SectorType = "mineral"
	Dead    SectorType = "dead"
)

// IsLife reports whether a colony may stand in a sector of this type: a
// life sector or a home (UTD4.312, UTD4.33).
func (t SectorType) IsLife() bool { return t == Life || t == Home }

// IsMineral reports whether a mine may stand in a sector of this type: a
// mineral sector or a home (UTD4.312, UTD4.34).
func (t SectorType) IsMineral() bool { return t == Mineral || t == Home }

// Sector is TD IV's data on one sector of the map.
type Sector struct {
	ID   campaign.SystemID `json:"id"`
	Type SectorType        `json:"type"`
	// Terrain is what the terrain roll found (UTD5.134); empty for none.
	Terrain string `json:"terrain,omitempty"`
	// Owner owns the sector (UTD4.13); empty for nobody.
	Owner campaign.PlayerID `json:"owner,omitempty"`
	// Explorer is who explored it and named it (UTD4.12), and Explored
	// the cycle.
	Explorer campaign.PlayerID `json:"explorer,omitempty"`
	Explored int               `json:"explored,omitempty"`
	// Disavowed lists the players who gave up their claim on the sector
	// (UTD4.13).
	Disavowed []campaign.PlayerID `json:"disavowed,omitempty"`
}

// FleetState is TD IV's data on one fleet.
type FleetState struct {
	Owner campaign.PlayerID `json:"owner"`
	ID    campaign.FleetID  `json:"id"`
	// Entered is the player turn (store turn) in which the fleet entered
	// its sector, and EnteredCycle the cycle: ownership goes to a fleet
	// still there on its owner's next turn (UTD4.13).
	Entered      int `json:"entered"`
	EnteredCycle int `json:"entered_cycle"`
	// Pinned is the turn in which the fleet entered a sector holding an
	// enemy fleet or fortification: it moves no more that turn (UTD6.31).
	Pinned int `json:"pinned,omitempty"`
	// Trapped is set while an enemy fortification holds the fleet
	// (UTD4.356); SiegeFails counts its failed siege dice and SiegeCycle
	// is the cycle of its last attempt (UTD4.3561–4.3563). Released is the
	// cycle it was freed in: it moves again from the next cycle.
	Trapped    bool `json:"trapped,omitempty"`
	SiegeFails int  `json:"siege_fails,omitempty"`
	SiegeCycle int  `json:"siege_cycle,omitempty"`
	Released   int  `json:"released,omitempty"`
	// Started is the sector the fleet began its owner's current turn in
	// (UTD6.34, UTD4.335).
	Started campaign.SystemID `json:"started,omitempty"`
	// Wrecked lists, by index into the fleet's units, the wrecked ships
	// (UTD6.3E).
	Wrecked []int `json:"wrecked,omitempty"`
	// Mended lists, by index into the fleet's units, the ships that had
	// a D9.4 repair since their last overhaul: one each (UTD4.335).
	Mended []int `json:"mended,omitempty"`
	// FreighterCycle is the cycle of the fleet's last repairs by its
	// repair freighters, and FreighterRepairs how many ships they
	// mended in it (UTD6.39).
	FreighterCycle   int `json:"freighter_cycle,omitempty"`
	FreighterRepairs int `json:"freighter_repairs,omitempty"`
	// Rescued is the turn in which the fleet, moving into a fortified
	// sector, broke another fleet out of it: one each (UTD4.3564).
	Rescued int `json:"rescued,omitempty"`
	// Loads lists, by index into the fleet's units, what the units that
	// lack part of their class's full load of fighters and PFs carry
	// (attrition.go, UTD6.3B).
	Loads []Load `json:"loads,omitempty"`
}

// Yard is a shipyard (UTD4.336, UTD6.37, UTD6.38).
type Yard struct {
	At    campaign.SystemID `json:"at"`
	Owner campaign.PlayerID `json:"owner"`
	// Capital marks the capital's own yard, which moves with it
	// (UTD6.372: capacity 2); Size is the size class of any other yard:
	// 2, 3 or 4 (UTD6.372: capacity 1.5, 1, 0.67).
	Capital bool `json:"capital,omitempty"`
	Size    int  `json:"size"`
	// Boxes are the yard's works boxes and Destroyed how many of them
	// are destroyed: its capacity shrinks with them (UTD6.3724, UTD6.3H).
	Boxes     int `json:"boxes"`
	Destroyed int `json:"destroyed,omitempty"`
	// Arrived is the store turn the yard was ordered in (0 for one the
	// campaign began with): with it Ext.Builds names the yard's
	// construction, and the yard arrives when step 10 receives it
	// (yardOrder, UTD6.382).
	Arrived int `json:"arrived,omitempty"`
	// Used is the capacity, in sixtieths of an MC, that the owner's open
	// turn used, Active whether the turn activated it, Overhauled whether
	// the turn overhauled it (UTD6.3726); all three end with the turn.
	Used       int  `json:"used,omitempty"`
	Active     bool `json:"active,omitempty"`
	Overhauled bool `json:"overhauled,omitempty"`
}

// Defense is one defense unit permanently assigned to a sector (UTD7.31):
// a monitor, a defense satellite, a ground base, a supporting repair
// freighter (UTD7.34x).
type Defense struct {
	At    campaign.SystemID  `json:"at"`
	Owner campaign.PlayerID  `json:"owner"`
	Class campaign.ClassName `json:"class"`
	// Damage is the damage the unit carries from battle, as a fleet's
	// units carry it.
	Damage *campaign.UnitDamage `json:"damage,omitempty"`
	// Waiting marks a unit ordered this turn that has not arrived yet: it
	// arrives at step 10 (UTD6.3A) and fights from then on.
	Waiting bool `json:"waiting,omitempty"`
	// Capital marks the capital's supporting repair freighter, which moves
	// with the capital and takes no defense slot (UTD4.3237, §11 #53).
	Capital bool `json:"capital,omitempty"`
}

// Pending is a development ordered, taking effect at step 1 of its
// owner's next turn if its fleet is still there (UTD4.331, UTD6.123).
type Pending struct {
	Owner campaign.PlayerID        `json:"owner"`
	At    campaign.SystemID        `json:"at"`
	Kind  campaign.DevelopmentKind `json:"kind"`
	// Remove is set for the removal of a fortification (UTD4.352).
	Remove bool             `json:"remove,omitempty"`
	Fleet  campaign.FleetID `json:"fleet"`
	Turn   int              `json:"turn"`
}

// Retreat is a fleet that disengaged or was forced to retreat: it
// arrives at To at step 6 of the next player's turn (UTD7.4665).
type Retreat struct {
	Owner campaign.PlayerID `json:"owner"`
	Fleet campaign.FleetID  `json:"fleet"`
	From  campaign.SystemID `json:"from"`
	To    campaign.SystemID `json:"to"`
	// Turn is the player turn of the battle.
	Turn int `json:"turn"`
}

// Container is BPV dropped in a sector (UTD6.3D1).
type Container struct {
	At    campaign.SystemID `json:"at"`
	Owner campaign.PlayerID `json:"owner"`
	Count int               `json:"count"`
}

// Breach is a fortification destroyed at step 9 by a minesweeper of By's
// in store turn Turn, beside enemy colonies or mines at At: they are
// taken only at step 9 of By's next turn, by a fleet of By's there since
// (UTD4.353).
type Breach struct {
	At   campaign.SystemID `json:"at"`
	By   campaign.PlayerID `json:"by"`
	Turn int               `json:"turn"`
}

// Derelict is ships left empty in a sector (UTD6.3D2).
type Derelict struct {
	At    campaign.SystemID    `json:"at"`
	Owner campaign.PlayerID    `json:"owner"`
	Units []campaign.ClassName `json:"units"`
}

// load reads TD IV's part of a state.
func load(st *campaign.State) (*Ext, error) {
	x := &Ext{}
	if len(st.Ext) == 0 {
		return nil, fmt.Errorf("thunderdome: campaign %s has no TD IV state", st.Campaign)
	}
	if err := json.Unmarshal(st.Ext, x); err != nil {
		return nil, fmt.Errorf("thunderdome: read the TD IV state of %s: %w", st.Campaign, err)
	}
	return x, nil
}

// loadOrEmpty reads TD IV's part of a state, or gives an empty one if it
// cannot: a view of an unreadable state still names its players.
func loadOrEmpty(st *campaign.State) *Ext {
	x, err := load(st)
	if err != nil {
		return &Ext{}
	}
	return x
}

// save writes x into st.
func (x *Ext) save(st *campaign.State) {
	data, err := json.Marshal(x)
	if err != nil {
		panic(fmt.Sprintf("thunderdome: marshal state: %v", err)) // plain data: cannot fail
	}
	st.Ext = data
}

// current is the player whose turn is open.
func (x *Ext) current() campaign.PlayerID {
	if x.Current < 0 || x.Current >= len(x.Order) {
		return ""
	}
	return x.Order[x.Current]
}

// empire returns a player's accounts, or nil.
func (x *Ext) empire(p campaign.PlayerID) *Empire {
	for i := range x.Empires {
		if x.Empires[i].Player == p {
			return &x.Empires[i]
		}
	}
	return nil
}

// sector returns a sector's data, or nil.
func (x *Ext) sector(id campaign.SystemID) *Sector {
	for i := range x.Sectors {
		if x.Sectors[i].ID == id {
			return &x.Sectors[i]
		}
	}
	return nil
}

// fleet returns a fleet's data, adding a record for a fleet without one.
func (x *Ext) fleet(owner campaign.PlayerID, id campaign.FleetID) *FleetState {
	for i := range x.Fleets {
		if x.Fleets[i].Owner == owner && x.Fleets[i].ID == id {
			return &x.Fleets[i]
		}
	}
	x.Fleets = append(x.Fleets, FleetState{Owner: owner, ID: id})
	return &x.Fleets[len(x.Fleets)-1]
}

// prune drops the records of fleets the state no longer has.
func (x *Ext) prune(st *campaign.State) {
	x.Fleets = slices.DeleteFunc(x.Fleets, func(f FleetState) bool { return st.Fleet(f.Owner, f.ID) == nil })
}

// CycleLabel writes a cycle as players read it: cycle 1 is "1.0", 2 is
// "1.5" (UTD2.2).
func CycleLabel(cycle int) string {
	return fmt.Sprintf("%d.%d", (cycle+1)/2, 5*((cycle+1)%2))
}

// Year is the campaign year of a cycle, and whether it is the spring
// cycle (".0") or the fall one (".5") (UTD2.2).
func (x *Ext) Year(cycle int) (year int, spring bool) {
	return x.StartYear + (cycle-1)/2, cycle%2 == 1
}

// ExtOf reads TD IV's part of a state, for tests and tools.
func ExtOf(st *campaign.State) (*Ext, error) { return load(st) }
