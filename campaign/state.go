package campaign

import (
	"encoding/json"
	"slices"
)

// State is everything the resolver needs to play one turn: the campaign's
// rules and map and where every empire stands. The store keeps one State per
// turn, so any turn can be replayed or rolled back.
type State struct {
	Campaign ID     `json:"campaign"`
	Title    string `json:"title"`
	Rules    Rules  `json:"rules"`
	// Seed is the campaign's random seed; every die is derived from it
	// (DESIGN "Determinism").
	Seed uint64 `json:"seed"`
	// Turn counts seasonal turns from 1, the first turn of the scenario's
	// start date.
	Turn    int  `json:"turn"`
	Start   Date `json:"start"`
	EndYear int  `json:"end_year"`
	// Ended is set by a ruleset whose campaigns end by its own rules
	// rather than after EndYear, such as when one player is left; Winner
	// is who won it then, empty for nobody. Over reads both.
	Ended  bool     `json:"ended,omitempty"`
	Winner PlayerID `json:"winner,omitempty"`

	Map       Map       `json:"map"`
	Catalogue Catalogue `json:"catalogue"`
	Players   []Player  `json:"players"`
	Fleets    []Fleet   `json:"fleets"`
	FRDs      []FRD     `json:"frds"`
	// Construction are the ships FRDs build over two seasonal turns
	// (EaW 6.0), in the order laid down.
	Construction []Construction `json:"construction,omitempty"`
	Developments []Development  `json:"developments"`
	// Bases are the ground bases, DEFSATs and CPLs installed at planets
	// (EaW 14.0), in the order they were installed.
	Bases []Installation `json:"bases,omitempty"`
	// Battles are the battles found in earlier turns that still wait for a
	// result.
	Battles []Battle `json:"battles"`
	// Polls are the questions put to players by mail that are still
	// open: votes and calls for volunteers (Poll).
	Polls []Poll `json:"polls,omitempty"`
	// Intel is what each player has learned of the map so far, in player
	// order: the memory behind last-seen reports.
	Intel []Intel `json:"intel,omitempty"`
	// Ext is the ruleset's own part of the state, which only the ruleset
	// reads and writes: what its rules need beyond the shared parts above,
	// such as a turn order or a sector's owner. EaW keeps none.
	Ext json.RawMessage `json:"ext,omitempty"`
}

// Intel is what one player has learned of the map, system by system.
type Intel struct {
	Player PlayerID `json:"player"`
	// Systems holds the latest sighting of every system the player has
	// seen, sorted by system ID.
	Systems []Sighting `json:"systems"`
}

// Sighting is what a player learned of one system at the end of one turn
// (EaW 5e).
type Sighting struct {
	System SystemID `json:"system"`
	// Turn is the turn at whose end the sighting was made; 0 is the
	// campaign's start.
	Turn   int        `json:"turn"`
	Planet PlanetType `json:"planet"`
	// MapType is the system's tactical map, once its planet is explored
	// (EaW 16d).
	MapType MapType `json:"map_type,omitempty"`
	// Scout is set when a scout, or a fleet in the system itself, saw it:
	// then Developed and Contacts are known. Otherwise only Fortified is.
	Scout     bool `json:"scout"`
	Fortified bool `json:"fortified"`
	Developed bool `json:"developed"`
	// Contacts is the combat BPV of each other empire's fleet there,
	// largest first.
	Contacts []int `json:"contacts"`
	// Bases is how many ground bases, DEFSATs and CPLs stand there, known
	// with Scout (EaW 14.0, 5e; digest §8 F5): their owners, kinds and
	// combat BPV stay hidden.
	Bases int `json:"bases,omitempty"`
}

// IntelOf returns a player's intel, or nil.
func (s *State) IntelOf(p PlayerID) *Intel {
	for i := range s.Intel {
		if s.Intel[i].Player == p {
			return &s.Intel[i]
		}
	}
	return nil
}

// Date returns the seasonal turn this state is for.
func (s *State) Date() Date { return DateOfTurn(s.Start, s.Turn) }

// Over reports whether the campaign has ended: its ruleset ended it
// (Ended), or its turn falls after the end year (EaW 4e).
func (s *State) Over() bool { return s.Ended || s.Date().Year > s.EndYear }

// Clone returns a deep copy of s: the copy shares no slice or pointer
// with s, so either may change without the other.
func (s *State) Clone() *State {
	c := *s
	c.Map = Map{Systems: slices.Clone(s.Map.Systems), Lanes: slices.Clone(s.Map.Lanes)}
	c.Catalogue = cloneEach(s.Catalogue, func(u UnitClass) UnitClass {
		u.Roles, u.Refits = slices.Clone(u.Roles), slices.Clone(u.Refits)
		if u.Combat != nil {
			stats := *u.Combat
			u.Combat = &stats
		}
		return u
	})
	c.Players = slices.Clone(s.Players)
	c.Ext = slices.Clone(s.Ext)
	c.Fleets = cloneEach(s.Fleets, func(f Fleet) Fleet {
		f.Units, f.Damage, f.Crews, f.Captured = slices.Clone(f.Units), slices.Clone(f.Damage), slices.Clone(f.Crews), slices.Clone(f.Captured)
		return f
	})
	c.FRDs = slices.Clone(s.FRDs)
	c.Construction = slices.Clone(s.Construction)
	c.Developments = slices.Clone(s.Developments)
	c.Bases = slices.Clone(s.Bases)
	c.Battles = cloneEach(s.Battles, func(b Battle) Battle {
		if b.Lane != nil {
			lane := *b.Lane
			b.Lane = &lane
		}
		b.Sides = slices.Clone(b.Sides)
		b.Fleets = cloneEach(b.Fleets, func(f BattleFleet) BattleFleet {
			f.Units = slices.Clone(f.Units)
			return f
		})
		return b
	})
	c.Polls = cloneEach(s.Polls, func(p Poll) Poll {
		p.Voters, p.Options, p.Votes, p.Data = slices.Clone(p.Voters), slices.Clone(p.Options), slices.Clone(p.Votes), slices.Clone(p.Data)
		return p
	})
	c.Intel = cloneEach(s.Intel, func(in Intel) Intel {
		in.Systems = cloneEach(in.Systems, func(sg Sighting) Sighting {
			sg.Contacts = slices.Clone(sg.Contacts)
			return sg
		})
		return in
	})
	return &c
}

// cloneEach returns a copy of s with every element deep-copied by clone;
// nil stays nil.
func cloneEach[S ~[]E, E any](s S, clone func(E) E) S {
	if s == nil {
		return nil
	}
	out := make(S, len(s))
	for i, e := range s {
		out[i] = clone(e)
	}
	return out
}

// Drop takes a player out of the campaign in the open turn: everything
// they hold (fleets, FRDs, mines, colonies, fortifications) is removed
// (EaW 29.0), and their planets must be found again. It reports whether
// the player was still in.
func (s *State) Drop(id PlayerID, why string) bool {
	p := s.Player(id)
	if p == nil || !p.Active() {
		return false
	}
	p.Out, p.OutTurn = why, s.Turn
	s.Fleets = slices.DeleteFunc(s.Fleets, func(f Fleet) bool { return f.Owner == id })
	s.FRDs = slices.DeleteFunc(s.FRDs, func(f FRD) bool { return f.Owner == id })
	s.Construction = slices.DeleteFunc(s.Construction, func(c Construction) bool { return c.Owner == id })
	s.Developments = slices.DeleteFunc(s.Developments, func(d Development) bool { return d.Owner == id })
	s.Bases = slices.DeleteFunc(s.Bases, func(b Installation) bool { return b.Owner == id })
	return true
}

// PlayerIDs returns every player's ID, in the state's order.
func (s *State) PlayerIDs() []PlayerID {
	out := make([]PlayerID, len(s.Players))
	for i, p := range s.Players {
		out[i] = p.ID
	}
	return out
}

// ActivePlayers returns the IDs of the players still in the campaign, in
// the state's order.
func (s *State) ActivePlayers() []PlayerID {
	var out []PlayerID
	for _, p := range s.Players {
		if p.Active() {
			out = append(out, p.ID)
		}
	}
	return out
}

// Player returns the player with this ID, or nil.
func (s *State) Player(id PlayerID) *Player {
	for i := range s.Players {
		if s.Players[i].ID == id {
			return &s.Players[i]
		}
	}
	return nil
}

// Fleet returns the fleet with this owner and ID, or nil.
func (s *State) Fleet(owner PlayerID, id FleetID) *Fleet {
	for i := range s.Fleets {
		if s.Fleets[i].Owner == owner && s.Fleets[i].ID == id {
			return &s.Fleets[i]
		}
	}
	return nil
}

// System returns the system with this ID, or nil.
func (s *State) System(id SystemID) *System {
	for i := range s.Map.Systems {
		if s.Map.Systems[i].ID == id {
			return &s.Map.Systems[i]
		}
	}
	return nil
}

// FRDsAt returns how many FRDs the owner has at a system.
func (s *State) FRDsAt(owner PlayerID, at SystemID) int {
	n := 0
	for _, f := range s.FRDs {
		if f.Owner == owner && f.At == at {
			n++
		}
	}
	return n
}

// Disrupted reports whether another player's fleets are trapped at a
// system, disrupting the owner's site there (EaW 10i).
func (s *State) Disrupted(at SystemID, owner PlayerID) bool {
	for _, f := range s.Fleets {
		if f.At == at && f.Owner != owner && f.Trapped != 0 {
			return true
		}
	}
	return false
}

// DevelopmentsAt returns the developments at a system.
func (s *State) DevelopmentsAt(at SystemID) []Development {
	var out []Development
	for _, d := range s.Developments {
		if d.At == at {
			out = append(out, d)
		}
	}
	return out
}

// HasDevelopment reports whether owner has a development of this kind at at.
func (s *State) HasDevelopment(owner PlayerID, at SystemID, kind DevelopmentKind) bool {
	for _, d := range s.Developments {
		if d.At == at && d.Owner == owner && d.Kind == kind {
			return true
		}
	}
	return false
}

// FleetCBPV returns the combat BPV of a fleet as battles and scouts
// report it: the sum of the CBPV of its units that count (Counts), which
// leaves out uninspected prizes and carried bases. The fleet limits leave
// out civilian ships too (FleetLoad, EaW 17.0).
func (s *State) FleetCBPV(f *Fleet) int {
	total := 0
	for i, u := range f.Units {
		if s.Counts(f, i) {
			total += s.Catalogue.Class(u).CBPV
		}
	}
	return total
}

// HasScout reports whether any unit in the fleet is a scout (EaW 16b).
func (s *State) HasScout(f *Fleet) bool {
	for _, u := range f.Units {
		if c := s.Catalogue.Class(u); c != nil && c.Scout {
			return true
		}
	}
	return false
}

// Budget returns the player's order points for the turn (EaW 5.0):
// max(Min, floor(F/Divisor)), where F counts the player's fleets that
// count for points (CountsForPoints).
func (s *State) Budget(owner PlayerID) int {
	counted := 0
	for i := range s.Fleets {
		if f := &s.Fleets[i]; f.Owner == owner && s.CountsForPoints(f) {
			counted++
		}
	}
	return s.Rules.Budget.points(counted)
}

// points is the budget of a player with counted fleets that count for
// points (EaW 5.0).
func (r BudgetRules) points(counted int) int {
	points := 0
	if r.Divisor > 0 {
		points = counted / r.Divisor
	}
	return max(r.Min, points)
}

// Battle is a meeting of hostile fleets that waits for a result.
type Battle struct {
	ID   string `json:"id"`
	Turn int    `json:"turn"`
	// At is the system where the fleets met; for a meeting in a lane
	// (EaW 5c) it is empty and Lane is set.
	At    SystemID   `json:"at,omitempty"`
	Lane  *Lane      `json:"lane,omitempty"`
	Sides []PlayerID `json:"sides"`
	// Fleets lists the fleets involved, by owner then ID, as they were
	// when they met: reports show the battle as it was found, not where
	// those fleets went or what joined them since.
	Fleets []BattleFleet `json:"fleets"`
	// Serial is the place of this fight among the fights, fleet against
	// fleet, that one meeting of several fleets is fought as (EaW 19.0,
	// 26.0, 26a): 1 is fought first. 0 for a meeting of two fleets.
	Serial int `json:"serial,omitempty"`
}

// BattleFleet is a fleet as it stood when its battle was found.
type BattleFleet struct {
	Owner PlayerID    `json:"owner"`
	ID    FleetID     `json:"id"`
	Units []ClassName `json:"units"`
	CBPV  int         `json:"cbpv"`
	// Order is the place the fleet takes in the serial fights of a
	// meeting of more than two fleets (EaW 26.0, 26a): 1 and 2 fight
	// first, then each next fleet meets the survivor. 0 when not ordered.
	Order int `json:"order,omitempty"`
}
