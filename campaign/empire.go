package campaign

// Player is one empire and the person who plays it.
type Player struct {
	ID       PlayerID `json:"id"`
	Name     string   `json:"name"`
	Email    string   `json:"email"`
	Race     string   `json:"race"`
	Home     SystemID `json:"home"`
	Treasury int      `json:"treasury"`
	// TimeZone is the IANA zone the player's deadlines are shown in; empty
	// means the campaign's zone.
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
