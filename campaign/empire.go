package campaign

import "slices"

// Player is one empire and the person who plays it.
type Player struct {
	ID   PlayerID `json:"id"`
	Name string   `json:"name"`
	// Email and TimeZone are where and in which zone the scenario seats
	// the player: the daemon copies them to the player's seat when the
	// campaign starts (store.Seat), and from then on reads the seat alone,
	// which the GM may give to another address. They stay in the state
	// because every stored state holds them.
	Email    string   `json:"email"`
	Race     string   `json:"race"`
	Home     SystemID `json:"home"`
	Treasury int      `json:"treasury"`
	// TimeZone is the IANA zone the scenario gives the player; empty means
	// the campaign's zone.
	TimeZone string `json:"timezone,omitempty"`
	// Out says why the player left the campaign, and OutTurn in which
	// turn; empty while they play.
	Out     string `json:"out,omitempty"`
	OutTurn int    `json:"out_turn,omitempty"`
	// VP are the victory points won in battle (EaW 4e).
	VP int `json:"vp,omitempty"`
}

// Active reports whether the player still plays.
func (p *Player) Active() bool { return p.Out == "" }

// Fleet is a group of units that moves as one (EaW 1e).
type Fleet struct {
	Owner PlayerID    `json:"owner"`
	ID    FleetID     `json:"id"`
	At    SystemID    `json:"at"`
	Units []ClassName `json:"units"`
	// Damage lists the damage units carry from battle, by index into
	// Units; units not listed are whole.
	Damage []UnitDamage `json:"damage,omitempty"`
	// Crews lists the units whose crews are more than ordinary: their
	// quality, a Legendary Officer, experience (EaW 2e), by index into
	// Units.
	Crews []UnitCrew `json:"crews,omitempty"`
	// Captured lists, by index into Units, the units taken from an enemy
	// (EaW 25.0) or found (EaW 16c #5) that are not inspected yet
	// (EaW 9b, 25b).
	Captured []int `json:"captured,omitempty"`
	// Trapped is the turn in which another player's fortification at the
	// fleet's system trapped it (EaW 10a); 0 while the fleet is free. A
	// trapped fleet does nothing but a siege roll (EaW 10c, 10h) until the
	// fortification falls (EaW 10b–10e).
	Trapped int `json:"trapped,omitempty"`
	// Withdrew is the last turn in which every ship of the fleet broke off
	// from a battle (EaW 21.0): the fleet was on the move, so it made no
	// sightings at that turn's end and explored nothing (EaW 33.0 #5,
	// 16.0). 0 if it never did.
	Withdrew int `json:"withdrew,omitempty"`
}

// UnitCrew is what sets one unit's crew apart (EaW 2e).
type UnitCrew struct {
	Unit int `json:"unit"`
	// Quality is "outstanding" or "poor"; empty for an ordinary crew.
	Quality string `json:"quality,omitempty"`
	// Legendary names the Legendary Officer aboard, if any.
	Legendary string `json:"legendary,omitempty"`
	// XP is the crew's experience from battle (EaW 2e).
	XP int `json:"xp,omitempty"`
	// Repaired is what the crew has mended by self-repair since the unit
	// last resupplied, against its capacity of 3 × its class's Damcon
	// (EaW 22b, 24.0; campaign.State.SelfRepairLeft).
	Repaired int `json:"repaired,omitempty"`
}

// CrewOf returns unit i's crew record; zero for an ordinary crew.
func (f *Fleet) CrewOf(i int) UnitCrew {
	for _, c := range f.Crews {
		if c.Unit == i {
			return c
		}
	}
	return UnitCrew{Unit: i}
}

// SetCrew records unit c.Unit's crew, replacing what was there; an
// ordinary crew without experience leaves no record.
func (f *Fleet) SetCrew(c UnitCrew) {
	f.Crews = slices.DeleteFunc(f.Crews, func(o UnitCrew) bool { return o.Unit == c.Unit })
	if c != (UnitCrew{Unit: c.Unit}) {
		f.Crews = append(f.Crews, c)
		slices.SortFunc(f.Crews, func(a, b UnitCrew) int { return a.Unit - b.Unit })
	}
}

// IsCaptured reports whether unit i is captured and not yet inspected.
func (f *Fleet) IsCaptured(i int) bool { return slices.Contains(f.Captured, i) }

// Take removes the units at the given indices from the fleet and returns
// them as a fleet of their own (owner, ID and place left empty), each unit
// with its damage, crew and capture record. The remaining units keep
// their order and records. Indices out of range are ignored.
func (f *Fleet) Take(idx []int) Fleet {
	var taken, kept Fleet
	for i, u := range f.Units {
		to := &kept
		if slices.Contains(idx, i) {
			to = &taken
		}
		to.add(u, f.DamageOf(i), f.CrewOf(i), f.IsCaptured(i))
	}
	f.Units, f.Damage, f.Crews, f.Captured = kept.Units, kept.Damage, kept.Crews, kept.Captured
	return taken
}

// Join appends another fleet's units to f, with their records.
func (f *Fleet) Join(o Fleet) {
	for i, u := range o.Units {
		f.add(u, o.DamageOf(i), o.CrewOf(i), o.IsCaptured(i))
	}
}

// add appends one unit with its records.
func (f *Fleet) add(u ClassName, d UnitDamage, c UnitCrew, captured bool) {
	i := len(f.Units)
	f.Units = append(f.Units, u)
	if d != (UnitDamage{Unit: d.Unit}) {
		d.Unit = i
		f.Damage = append(f.Damage, d)
	}
	c.Unit = i
	f.SetCrew(c)
	if captured {
		f.Captured = append(f.Captured, i)
	}
}

// UnitDamage is what one unit of a fleet has lost in battle: structure,
// and points off its attack, sensor and speed.
type UnitDamage struct {
	Unit      int `json:"unit"`
	Structure int `json:"structure,omitempty"`
	Attack    int `json:"attack,omitempty"`
	Sensor    int `json:"sensor,omitempty"`
	Speed     int `json:"speed,omitempty"`
}

// DamageOf returns the damage unit i carries; zero if it is whole.
func (f *Fleet) DamageOf(i int) UnitDamage {
	for _, d := range f.Damage {
		if d.Unit == i {
			return d
		}
	}
	return UnitDamage{}
}

// Key identifies the fleet among all navies.
func (f *Fleet) Key() FleetKey { return FleetKey{f.Owner, f.ID} }

// FleetKey identifies a fleet among all navies: fleet IDs are unique only
// within their owner's navy.
type FleetKey struct {
	Owner PlayerID `json:"owner"`
	ID    FleetID  `json:"id"`
}

// FRD is a Fleet Repair Dock: the only place ships are built (EaW 15.0).
type FRD struct {
	Owner PlayerID `json:"owner"`
	At    SystemID `json:"at"`
}

// Construction is a ship of more docking points than one FRD builds in a
// turn, which Owner's FRD at At builds over two seasonal turns (EaW 6.0):
// laid down, and paid BPV, in turn Turn, it joins fleet Fleet there after
// movement in the next.
type Construction struct {
	Owner PlayerID  `json:"owner"`
	At    SystemID  `json:"at"`
	Class ClassName `json:"class"`
	Fleet FleetID   `json:"fleet"`
	BPV   int       `json:"bpv"`
	Turn  int       `json:"turn"`
}

// DevelopmentKind says what a player has developed at a planet.
type DevelopmentKind string

// The kinds of development. A mine needs a mineral planet (EaW 12.0), a
// colony a life planet (EaW 13.0); a fortification may stand anywhere
// (EaW 11.0).
const (
	Mine          DevelopmentKind = "mine"
	Colony        DevelopmentKind = "colony"
	Fortification DevelopmentKind = "fortification"
)

// Needs returns the planet type a development of this kind needs, and the
// rule that says so: a mine needs a mineral planet (EaW 12.0), a colony a
// life planet (EaW 13.0). A fortification stands anywhere (EaW 11.0), so
// its planet type is empty.
func (k DevelopmentKind) Needs() (PlanetType, string) {
	switch k {
	case Mine:
		return Mineral, "EaW 12.0"
	case Colony:
		return Life, "EaW 13.0"
	}
	return "", "EaW 11.0"
}

// Development is a mine, colony or fortification at a system.
type Development struct {
	At    SystemID        `json:"at"`
	Owner PlayerID        `json:"owner"`
	Kind  DevelopmentKind `json:"kind"`
	// Since is the seasonal turn the development was established, which
	// prorates its first year's income (EaW 12a).
	Since Date `json:"since"`
}

// Developed reports whether this is a mine or a colony: what a scout sees as
// "developed" (EaW 5e).
func (d Development) Developed() bool { return d.Kind == Mine || d.Kind == Colony }
