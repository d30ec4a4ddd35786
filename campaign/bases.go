package campaign

// Installation is a base installed at a planet (EaW 14.0): a ground base
// (a GSA, GSO or GMS, which earn income with a CPL in the system, or a
// defence ground base), a DEFSAT or a CPL. Installation is permanent: an
// installed base never moves again, and there is no order to pick one up
// (digest §8 O14, E6).
type Installation struct {
	Owner PlayerID  `json:"owner"`
	At    SystemID  `json:"at"`
	Class ClassName `json:"class"`
	// Since is the season the base was installed in, which prorates its
	// first year's income (EaW 14.0).
	Since Date `json:"since"`
}

// The limits of EaW 14.0, per planet: a system whose map type is dual
// planets (EaW 16d) has two planets and holds twice as many.
const (
	// MaxGroundBases is how many ground bases (GSA, GSO, GMS and defence
	// ground bases together) one planet holds.
	MaxGroundBases = 12
	// MaxDEFSATs is how many DEFSATs orbit one planet.
	MaxDEFSATs = 5
)

// Planets returns how many planets the system has for the limits of
// EaW 14.0: 2 for dual planets (digest §8 M6), else 1.
func (s *System) Planets() int {
	if s.MapType == MapDualPlanets {
		return 2
	}
	return 1
}

// IsGroundBase reports whether the class counts against a planet's
// ground bases (EaW 14.0): a GSA, GSO, GMS or defence ground base.
func (u *UnitClass) IsGroundBase() bool {
	return u.Has(RoleGSA) || u.Has(RoleGSO) || u.Has(RoleGMS) || u.Has(RoleGroundBase)
}

// BasesAt returns the bases installed at a system, of every owner.
func (s *State) BasesAt(at SystemID) []Installation {
	var out []Installation
	for _, b := range s.Bases {
		if b.At == at {
			out = append(out, b)
		}
	}
	return out
}

// BaseCounts returns how many ground bases and DEFSATs of the given bases
// stand, for the limits of EaW 14.0.
func (s *State) BaseCounts(bases []Installation) (ground, defsats int) {
	for _, b := range bases {
		c := s.Catalogue.Class(b.Class)
		switch {
		case c == nil:
		case c.IsGroundBase():
			ground++
		case c.Has(RoleDEFSAT):
			defsats++
		}
	}
	return ground, defsats
}

// CPLSince returns when the owner's first CPL at the system was installed,
// and whether there is one. One CPL per system is enough for every ground
// base there to earn (EaW 14.0).
func (s *State) CPLSince(owner PlayerID, at SystemID) (Date, bool) {
	var since Date
	found := false
	for _, b := range s.Bases {
		if b.Owner != owner || b.At != at {
			continue
		}
		if c := s.Catalogue.Class(b.Class); c == nil || !c.Has(RoleCPL) {
			continue
		}
		if !found || b.Since.Before(since) {
			since, found = b.Since, true
		}
	}
	return since, found
}

// Before reports whether d comes before e.
func (d Date) Before(e Date) bool {
	return d.Year < e.Year || d.Year == e.Year && d.Season < e.Season
}
