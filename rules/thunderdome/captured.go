package thunderdome

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Captured ships (UTD6.3I, UTD6.377, UTD7.8): a ship taken in a reported
// battle or found as a derelict (UTD6.3D2) is organized at once, for free,
// by the player who took it, whoever's turn it is (UTD6.3I1, UTD6.3I2).
// The ships of a non-player empire that surrenders are organized the same
// way (UTD5.2A1), and so are those a player takes from one in battle
// (UTD5.2A2). pbemd resolves a turn at once, so the captor's standing
// preference (prefs: captured:) says where the prizes go, and a reported
// result may name a place for each (to:). Until inspected at a shipyard
// (UTD6.377) a prize only moves and raises unreinforced shields
// (UTD6.3773, UTD7.8).

// The places a captured ship may go (UTD6.3I2), as prefs: captured: and a
// result's to: name them.
const (
	// PlaceFleet: into the capturing fleet, else another of the captor's
	// fleets in the sector, else a new fleet, else scrapped (UTD6.3I4).
	PlaceFleet = "fleet"
	// PlaceRoom: as PlaceFleet, but first scrap up to 3 of the capturing
	// fleet's own ships, each worth less than the prize, to make room in
	// it (UTD6.3I7).
	PlaceRoom = "room"
	// PlaceNew: into a new fleet, within the fleet limit (UTD7.21), else
	// as PlaceFleet.
	PlaceNew = "new"
	// PlaceDock: into dry dock at the captor's shipyards in the sector,
	// while a position is free (UTD6.3I5, UTD7.62), else as PlaceFleet.
	PlaceDock = dockName
	// PlaceScrap: scrapped at once, half its BPV to the bank (UTD6.3I6).
	PlaceScrap = "scrap"
)

// places lists the places a player may choose, in the order the docs give
// them.
var places = []string{PlaceFleet, PlaceRoom, PlaceNew, PlaceDock, PlaceScrap}

// MaxRoomScrapped is how many of the capturing fleet's own ships may be
// scrapped, free, to make room for a prize (UTD6.3I7).
const MaxRoomScrapped = 3

// prize is one captured ship to organize: the unit with its damage, taken
// from its fleet, whose it was, who took it and with which fleet, and
// where.
type prize struct {
	// ship is the ship, a parcel of one, with its damage and its marks:
	// a wreck stays one (UTD6.3E), and the captor gets the fighters and
	// PFs it carried (UTD6.3I6, UTD8.114).
	ship parcel
	// from names whose ship it was: a player, or a non-player empire
	// ("the Varn Reach").
	from string
	// captor is the player who took it and fleet the capturing fleet; an
	// empty fleet leaves the choice to pbemd (the fleet that fights for
	// the captor there, UTD7.423).
	captor campaign.PlayerID
	fleet  campaign.FleetID
	at     campaign.SystemID
	// place is where it goes (PlaceFleet ...), or a fleet of the captor
	// named by a reported result; empty for the captor's preference.
	place string
	// rule is the rule the capture came under, for the reports.
	rule string
}

// takePrize takes a copy of unit i of fleet f as a prize, leaving the
// fleet as it is: with its damage, its load of fighters and PFs
// (UTD6.3I6, UTD8.114) and its wrecked and mended marks (UTD6.3E,
// UTD4.335), no crew of its own, and marked captured until inspected
// (UTD6.3773).
func (x *Ext) takePrize(f *campaign.Fleet, i int) parcel {
	c := copyFleet(f)
	fs := x.fleet(f.Owner, f.ID)
	p, _, _, _ := split(&c, []int{i}, marks{fs.Wrecked, fs.Mended, fs.Loads})
	p.units.Crews = nil
	p.units.Captured = []int{0}
	return p
}

// shipTaken is a ship of a class captured whole, with no records but its
// captured mark (UTD6.3773): a derelict's, or a non-player empire's, whose
// force is rebuilt for every battle (UTD5.27).
func shipTaken(u campaign.ClassName) parcel {
	return oneShip(campaign.Fleet{Units: []campaign.ClassName{u}, Captured: []int{0}}, nil)
}

// copyFleet is a copy of f that shares no list with it.
func copyFleet(f *campaign.Fleet) campaign.Fleet {
	c := *f
	c.Units, c.Damage, c.Crews, c.Captured = slices.Clone(f.Units), slices.Clone(f.Damage), slices.Clone(f.Crews), slices.Clone(f.Captured)
	return c
}

// organize places a prize (UTD6.3I2): where the result or the captor's
// preference says, as far as fleet and dry-dock limits allow (UTD6.3I3);
// failing that into a fleet there, a new fleet or dry dock, and scraps it
// when nothing has room. Every player reads where it went (UTD3.1).
func (t *turn) organize(pz prize) {
	place := pz.place
	if place == "" {
		if e := t.x.empire(pz.captor); e != nil {
			place = e.Captured
		}
	}
	if place == "" {
		place = PlaceFleet
	}
	class := pz.ship.units.Units[0]
	what := fmt.Sprintf("%s captured %s's %s at %s (%s)", pz.captor, pz.from, class, pz.at, pz.rule)
	if place == PlaceScrap {
		t.scrapPrize(pz, what+"; scrapped as "+string(pz.captor)+" chose")
		return
	}
	capturing := t.st.Fleet(pz.captor, pz.fleet)
	if capturing == nil {
		capturing = t.fighter(pz.captor, pz.at)
	}
	if named := t.st.Fleet(pz.captor, campaign.FleetID(place)); named != nil && !slices.Contains(places, place) {
		if why := t.noRoom(named, pz); why != "" {
			t.scrapPrize(pz, fmt.Sprintf("%s; the result put it into fleet %s, and %s: scrapped (UTD6.3I3)", what, named.ID, why))
			return
		}
		t.placeIn(named, pz, what)
		return
	}
	if place == PlaceRoom && capturing != nil {
		t.makeRoom(capturing, pz)
	}
	if place == PlaceNew {
		if id := t.x.newFleetID(t.st, pz.captor); id != "" {
			t.placeNew(id, pz, what)
			return
		}
	}
	if place == PlaceDock && t.placeDock(pz, what) {
		return
	}
	for _, f := range t.candidates(pz.captor, pz.at, capturing) {
		if t.noRoom(f, pz) == "" {
			t.placeIn(f, pz, what)
			return
		}
	}
	if id := t.x.newFleetID(t.st, pz.captor); id != "" {
		t.placeNew(id, pz, what)
		return
	}
	if t.placeDock(pz, what) {
		return
	}
	t.scrapPrize(pz, what+fmt.Sprintf("; no fleet of %s there had room for it within 5 MC and S8.0, %s has no fleet left to found (UTD6.3I3, UTD7.21), and no dry-dock position of theirs there was free (UTD7.62): scrapped",
		pz.captor, pz.captor))
}

// candidates are the captor's fleets in the sector that may take a prize:
// the capturing fleet first, then the others in the state's order.
func (t *turn) candidates(p campaign.PlayerID, at campaign.SystemID, capturing *campaign.Fleet) []*campaign.Fleet {
	var out []*campaign.Fleet
	if capturing != nil {
		out = append(out, capturing)
	}
	for i := range t.st.Fleets {
		f := &t.st.Fleets[i]
		if f.Owner == p && f.At == at && f != capturing && !t.x.retreating(p, f.ID) {
			out = append(out, f)
		}
	}
	return out
}

// noRoom says why fleet f cannot take the prize, or "" when it can: the
// fleet would pass 5 MC (UTD7.23) or become illegal (UTD6.3I3, UTD7.266).
func (t *turn) noRoom(f *campaign.Fleet, pz prize) string {
	with := campaign.Fleet{Owner: f.Owner, ID: f.ID, Units: append(slices.Clone(f.Units), pz.ship.units.Units...)}
	if mc := t.x.unitsMC(with.Units); mc > MaxMC*mcUnit {
		return fmt.Sprintf("fleet %s would have a move cost of %s, above %d MC (UTD7.23)", f.ID, mcText(mc), MaxMC)
	}
	if why := t.x.illegal(t.st, &with); len(why) > 0 {
		return fmt.Sprintf("fleet %s would be illegal: %s", f.ID, why[0])
	}
	return ""
}

// placeIn puts the prize into fleet f.
func (t *turn) placeIn(f *campaign.Fleet, pz prize, what string) {
	t.x.join(f, pz.ship)
	t.emit(EventCapture, pz.at, "UTD6.3I4", "%s; it joined fleet %s, not inspected: it only moves and raises unreinforced shields until inspected at a shipyard (UTD6.3I4, UTD6.3773).", what, f.ID)
}

// placeNew founds fleet id of the captor with the prize alone.
func (t *turn) placeNew(id campaign.FleetID, pz prize, what string) {
	t.st.Fleets = append(t.st.Fleets, campaign.Fleet{Owner: pz.captor, ID: id, At: pz.at})
	t.x.join(&t.st.Fleets[len(t.st.Fleets)-1], pz.ship)
	fs := t.x.fleet(pz.captor, id)
	fs.Entered, fs.EnteredCycle = t.st.Turn, t.x.Cycle
	t.emit(EventCapture, pz.at, "UTD6.3I4", "%s; it forms the new fleet %s, not inspected: it only moves and raises unreinforced shields until inspected at a shipyard (UTD6.3I4, UTD6.3773).", what, id)
}

// placeDock puts the prize into dry dock at the captor's shipyards in its
// sector when a position is free there (UTD6.3I5, UTD7.62), and reports
// whether it did.
func (t *turn) placeDock(pz prize, what string) bool {
	if t.x.dockRoom(pz.captor, pz.at) <= 0 {
		return false
	}
	t.x.toDock(pz.captor, pz.at, pz.ship)
	t.emit(EventCapture, pz.at, "UTD6.3I5", "%s; it is in %s's dry dock at %s, not inspected: it only moves and raises unreinforced shields until inspected at a shipyard (UTD6.3I5, UTD6.3773).",
		what, pz.captor, pz.at)
	return true
}

// scrapPrize scraps a prize for half its BPV and half the BPV of the
// fighters and PFs it carries, into the captor's bank (UTD6.3I6). pbemd
// keeps no extra commander's options, so that is all (reading).
func (t *turn) scrapPrize(pz prize, what string) {
	bpv := t.x.scrapRefund(t.st, pz.ship)
	t.credit(pz.captor, bpv)
	t.emit(EventCapture, pz.at, "UTD6.3I6", "%s; %s BPV, half its BPV%s, went to %s (UTD6.3I6).", what, bpv, withFighters(t.x.carriedBy(pz.ship)), pz.captor)
}

// withFighters names the fighters and PFs a scrapped ship carried, for
// its refund's text: "" for none.
func withFighters(carried Attrition) string {
	if carried.IsZero() {
		return ""
	}
	return " and its " + carried.String() + "'"
}

// makeRoom scraps up to MaxRoomScrapped of the capturing fleet's own
// ships, the cheapest first and each worth less than the prize, when that
// lets the prize in (UTD6.3I7); half their BPV goes to the bank (UTD6.3F).
// A fleet the prize fits already scraps nothing.
func (t *turn) makeRoom(f *campaign.Fleet, pz prize) {
	if t.noRoom(f, pz) == "" {
		return
	}
	worth := ebpv(t.st, pz.ship.units.Units[0])
	var cheap []int
	for i, u := range f.Units {
		if c := t.st.Catalogue.Class(u); c != nil && c.EBPV < worth && !f.IsCaptured(i) && !slices.Contains(t.x.fleet(f.Owner, f.ID).Wrecked, i) {
			cheap = append(cheap, i)
		}
	}
	slices.SortStableFunc(cheap, func(a, b int) int {
		return t.st.Catalogue.Class(f.Units[a]).EBPV - t.st.Catalogue.Class(f.Units[b]).EBPV
	})
	for n := 1; n <= min(MaxRoomScrapped, len(cheap)); n++ {
		trial := copyFleet(f)
		trial.Take(cheap[:n])
		if t.noRoom(&trial, pz) != "" {
			continue
		}
		gone := t.x.take(f, cheap[:n])
		refund := t.x.scrapRefund(t.st, gone) // their fighters too (UTD6.3F)
		t.credit(f.Owner, refund)
		t.emit(EventCapture, pz.at, "UTD6.3I7", "%s scrapped %s of fleet %s, free, to make room for the captured %s: %s BPV, half their BPV, went to %s (UTD6.3I7, UTD6.3F).",
			f.Owner, campaign.UnitList(gone.units.Units), f.ID, pz.ship.units.Units[0], refund, f.Owner)
		return
	}
}

// newFleetID is the first free fleet ID f<n> of the player's when they
// may found another fleet (UTD7.21, UTD7.22), else "".
func (x *Ext) newFleetID(st *campaign.State, p campaign.PlayerID) campaign.FleetID {
	if x.fleetCount(st, p) >= x.fleetLimit(p) {
		return ""
	}
	return freeFleetID(st, p)
}

// freeFleetID is the first fleet ID f<n> the player does not use.
func freeFleetID(st *campaign.State, p campaign.PlayerID) campaign.FleetID {
	for n := 1; ; n++ {
		if id := campaign.FleetID("f" + strconv.Itoa(n)); st.Fleet(p, id) == nil {
			return id
		}
	}
}

// fleetLimit is how many fleets a player may have: 3 + the players the
// campaign started with, plus those bought (UTD7.21, UTD7.22).
func (x *Ext) fleetLimit(p campaign.PlayerID) int {
	extra := 0
	if e := x.empire(p); e != nil {
		extra = e.ExtraFleets
	}
	return BaseFleets + x.InitialPlayers + extra
}

// fleetCount is how many fleets a player has.
func (x *Ext) fleetCount(st *campaign.State, p campaign.PlayerID) int {
	n := 0
	for _, f := range st.Fleets {
		if f.Owner == p {
			n++
		}
	}
	return n
}

// credit puts BPV into a player's bank, or, without a capital, with the
// income to spend on their turn or lose (UTD4.3236).
func (t *turn) credit(p campaign.PlayerID, bpv BPV) { t.x.deposit(t.st, p, bpv) }

// uninspected refuses an order that would repair, refit, convert or
// overhaul a captured ship not yet inspected (UTD6.3773, UTD7.8), with
// inspection as the way: ships holds it at index i, where names them
// ("fleet f1", "your dry dock at lyra"; a dry dock's ships have no ID),
// and what names the work, "repaired". It reports whether it is such a
// ship.
func (c *ctx) uninspected(ships *campaign.Fleet, i int, where string, at orders.Pos, what string) bool {
	if !ships.IsCaptured(i) {
		return false
	}
	fleet := string(ships.ID)
	if fleet == "" {
		fleet = dockName
	}
	c.refuse(at, "UTD6.3773", fmt.Sprintf("the %s in %s is a captured ship not yet inspected: it cannot be %s until then (UTD7.8)", ships.Units[i], where, what),
		fmt.Sprintf("inspect it first at a shipyard of its size class, activate_shipyard with {inspect: %s, fleet: %s} (UTD6.377), or leave it out", ships.Units[i], fleet))
	return true
}

// placeText writes a player's standing choice of where captured ships go.
func placeText(place string) string {
	switch place {
	case PlaceRoom:
		return "into the capturing fleet, scrapping up to 3 of its cheaper ships to make room (UTD6.3I7), else another fleet there, a new fleet, dry dock, or scrapped"
	case PlaceNew:
		return "into a new fleet while you have one to found, else a fleet there with room, else dry dock, else scrapped (UTD6.3I4)"
	case PlaceDock:
		return "into dry dock at your shipyards there while a position is free (UTD6.3I5), else a fleet there with room, a new fleet, or scrapped"
	case PlaceScrap:
		return "scrapped at once for half their BPV (UTD6.3I6)"
	}
	return "into the capturing fleet, else another fleet there with room, else a new fleet, else dry dock at your shipyards there, else scrapped (UTD6.3I4, UTD6.3I5)"
}
