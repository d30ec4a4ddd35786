package thunderdome

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Battles fought by the players and reported by mail (battles: reported).
// The player turn waits at step 8 until every battle it found is settled;
// then steps 9–12 run and the next player's turn opens (UTD2.3, reading).

var _ game.BattleClock = Ruleset{}

// ContactDays is how long the sides of a battle have to make contact,
// from the submission of the orders that started it (UTD3.4).
const ContactDays = 3

// ResolveDays is how long they have to settle it, counted from the day
// after the orders were submitted (UTD3.5).
const ResolveDays = 28

// await records a battle at a sector that the players fight and report
// (UTD2.3 s8): one fleet per side, as fight chooses it (UTD7.42), the
// current player first, as the attacker (UTD7.4511).
func (t *turn) await(at campaign.SystemID) {
	b := campaign.Battle{ID: fmt.Sprintf("T%d-B%d", t.st.Turn-1, len(t.st.Battles)+1), Turn: t.st.Turn - 1, At: at}
	var who []string
	for _, p := range t.sidesAt(at) {
		f := t.fighter(p, at)
		b.Sides = append(b.Sides, p)
		var units []campaign.ClassName
		var desc []string
		if f != nil {
			units = f.Units
			b.Fleets = append(b.Fleets, campaign.BattleFleet{Owner: p, ID: f.ID, Units: slices.Clone(f.Units), CBPV: t.st.FleetCBPV(f)})
			desc = append(desc, fmt.Sprintf("fleet %s (%s)", f.ID, campaign.UnitList(f.Units)))
		}
		if in, _ := t.force(p, at, units); len(in) > 0 {
			b.Fleets = append(b.Fleets, campaign.BattleFleet{Owner: p, ID: postsFleet, Units: postNames(in)})
			desc = append(desc, fmt.Sprintf("the units holding %s (%s), which cannot retreat (UTD7.48)", at, campaign.UnitList(postNames(in))))
		}
		who = append(who, fmt.Sprintf("%s with %s", p, strings.Join(desc, " and ")))
	}
	t.st.Battles = append(t.st.Battles, b)
	t.emit(EventBattle, at, "UTD2.3", "Battle %s at %s (UTD2.3 step 8): %s. Its sides fight it and report the result; the turn waits for it (UTD3.4, UTD3.5).",
		b.ID, at, strings.Join(who, " against "))
}

// battleIDs lists the IDs of battles.
func battleIDs(bs []campaign.Battle) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.ID
	}
	return out
}

// ShipRefs lists a battle's units as players name them in a result:
// "<player>#<n>", fleet by fleet.
func (Ruleset) ShipRefs(b campaign.Battle) []game.ShipRef { return game.ShipRefsOf(b) }

// CheckResult checks a reported result against the battle: every ship it
// names fought there; a captured ship names its captor, an enemy ship
// that came through, and where it goes, if it says, is a place or a
// fleet of the captor's there (UTD6.3I2), and a ship a non-player empire
// captures is liquidated (UTD5.2821); a player's ships disengage through
// one lane (UTD7.464); one side at most holds the field (UTD7.44); TD IV
// scores no victory points (UTD1.9).
func (r Ruleset) CheckResult(st *campaign.State, b campaign.Battle, res *orders.BattleResult) []string {
	out := r.checkFates(st, b, res)
	standing := map[campaign.PlayerID]bool{}
	fate := res.Fates()
	for _, ref := range r.ShipRefs(b) {
		if f := fate[ref.Ref]; f != battle.FateDestroyed && f != battle.FateDisengaged && f != battle.FateCaptured {
			standing[ref.Owner] = true
		}
	}
	if len(standing) > 1 && res.Negotiated == "" {
		out = append(out, fmt.Sprintf("%d sides still hold the field; a battle ends with one side at most (UTD7.44): "+
			"every ship of the others is destroyed, captured or disengaged", len(standing)))
	}
	for p, n := range res.VP {
		if n != 0 {
			out = append(out, fmt.Sprintf("vp: %s: Thunderdome IV scores no victory points; the last player on the map wins (UTD1.9)", p))
		}
	}
	slices.Sort(out)
	return out
}

// checkFates checks what every result must hold, a forced retreat's too.
func (r Ruleset) checkFates(st *campaign.State, b campaign.Battle, res *orders.BattleResult) []string {
	refs := map[string]game.ShipRef{}
	var all []string
	for _, s := range r.ShipRefs(b) {
		refs[s.Ref] = s
		all = append(all, s.Ref)
	}
	to := r.Retreats(st, b)
	via := map[campaign.PlayerID]campaign.SystemID{}
	fates := res.Fates()
	x, err := load(st)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, s := range res.Ships {
		ref, ok := refs[s.Ship]
		if !ok {
			out = append(out, fmt.Sprintf("%s: there is no such ship in battle %s (its ships are %s)", s.Ship, b.ID, strings.Join(all, ", ")))
			continue
		}
		if (s.Fighters > 0 || s.PFs > 0) && s.Fate != battle.FateDestroyed {
			out = append(out, checkAttrition(st, x, ref, s)...)
		}
		switch {
		case ref.Fleet == postsFleet && s.Fate == battle.FateDisengaged:
			out = append(out, fmt.Sprintf("%s: the %s holds %s and cannot retreat (UTD7.48); report it destroyed or crippled", s.Ship, ref.Class, b.At))
			continue
		}
		switch s.Fate {
		case battle.FateCaptured:
			if by, ok := refs[s.By]; ok && x.npeRef(b, by) && !x.npeRef(b, ref) {
				break // the NPE takes it and liquidates it (UTD5.2821)
			}
			if p := game.CaptorProblem(b, refs, fates, s); p != "" {
				out = append(out, p)
			} else if p := placeProblem(st, x, b.At, refs[s.By].Owner, s); p != "" {
				out = append(out, p)
			}
		case battle.FateDisengaged:
			switch v, ok := via[ref.Owner]; {
			case !slices.Contains(to, s.Direction):
				out = append(out, fmt.Sprintf("%s: no lane leads from %s to %s (the lanes lead to %s)", s.Ship, b.At, s.Direction, strings.Join(names(to), ", ")))
			case ok && v != s.Direction:
				out = append(out, fmt.Sprintf("%s: %s's ships leave through one lane, to %s, not also to %s (UTD7.464)", s.Ship, ref.Owner, v, s.Direction))
			default:
				via[ref.Owner] = s.Direction
			}
		}
	}
	return append(out, r.checkNPE(x, b, res)...)
}

// placeProblem checks where a result puts captured ship s, if it says:
// a place (PlaceFleet ...), dry dock only where the captor has a position
// free (UTD6.3I5), or one of the captor's fleets at the battle's sector
// (UTD6.3I4). It returns the problem, or "".
func placeProblem(st *campaign.State, x *Ext, at campaign.SystemID, captor campaign.PlayerID, s orders.ShipFate) string {
	if s.To == PlaceDock && x.dockRoom(captor, at) <= 0 {
		return fmt.Sprintf("%s: to: dock, but %s has no shipyard at %s with a dry-dock position free (UTD6.3I5, UTD7.62); name another place or a fleet", s.Ship, captor, at)
	}
	if s.To == "" || slices.Contains(places, s.To) {
		return ""
	}
	if f := st.Fleet(captor, campaign.FleetID(s.To)); f != nil && f.At == at {
		return ""
	}
	return fmt.Sprintf("%s: to: %s is neither a place (%s) nor a fleet of %s's at %s (UTD6.3I4)", s.Ship, s.To, strings.Join(places, ", "), captor, at)
}

// ResultExample writes the battle mail's example result, one that TD IV
// takes: the first side leaves the field, its first ship destroyed and
// the others disengaged through one lane (UTD7.464), and the last ship
// of the battle, of another side, crippled; no victory points (UTD1.9).
// The fates tell how a captured ship is named and placed (UTD6.3I).
func (r Ruleset) ResultExample(st *campaign.State, b campaign.Battle) (example, fates string) {
	refs := r.ShipRefs(b)
	var lines []string
	to := r.Retreats(st, b)
	for _, ref := range refs {
		switch {
		case ref.Owner != b.Sides[0]:
		case len(lines) == 0 || len(to) == 0 || ref.Fleet == postsFleet:
			lines = append(lines, fmt.Sprintf("      - {ship: %s, fate: destroyed}\n", ref.Ref))
		default:
			lines = append(lines, fmt.Sprintf("      - {ship: %s, fate: disengaged, direction: %s}\n", ref.Ref, to[0]))
		}
	}
	if len(refs) == 0 {
		// Every side's ships left the map with their players (UTD3.91).
		return "    ships: []\n", "No ship of the battle is left on the map; a result names none."
	}
	if last := refs[len(refs)-1]; last.Owner != b.Sides[0] {
		lines = append(lines, fmt.Sprintf("      - {ship: %s, fate: crippled, damage: 12}\n", last.Ref))
	}
	example = "    ships:\n" + strings.Join(lines, "")
	fates = "A ship not named came through intact. The fates are destroyed, crippled (with damage:), captured (with by: and " +
		"the ship that took it; to: may say where it goes: fleet, room, new, dock, scrap or one of the captor's fleets there, " +
		"else the captor's prefs: captured: decides, UTD6.3I) and disengaged " +
		"(with direction: and the sector it withdrew to, one lane for all of a player's ships, UTD7.464). " +
		"One side at most holds the field: every ship of the others is destroyed, captured or disengaged (UTD7.44). " +
		"A ship that lost fighters or PFs gives fighters: (load points) and pfs: (PFs, then interceptors), with fate: intact if nothing else befell it (UTD6.3B). " +
		"Thunderdome IV scores no victory points (UTD1.9)."
	if x, err := load(st); err == nil && x.npeRef(b, refs[len(refs)-1]) {
		fates += fmt.Sprintf(" %s plays a non-player empire here (UTD5.231): its ships never disengage (UTD5.24), and a ship it takes "+
			"is captured, with by: and its ship, and liquidated (UTD5.2821), while one of its ships taken is a prize as any (UTD5.2A2). "+
			"If the sides agree that it surrenders, add negotiated: anschluss to a result naming no ship (before combat began), "+
			"or negotiated: conquest (once it had); any player may then object (UTD5.224, UTD5.26).", b.Sides[1])
	}
	return example, fates
}

// FightOrder names the attackers and the defender of a battle of more
// than two players (UTD7.457); empty for two.
func (Ruleset) FightOrder(b campaign.Battle) string {
	if len(b.Sides) < 3 {
		return ""
	}
	n := len(b.Sides)
	return fmt.Sprintf("%s attack and %s defends (UTD7.457).", strings.Join(names(b.Sides[:n-1]), " and "), b.Sides[n-1])
}

// Retreats lists the sectors a lane leads to from the battle's sector
// (UTD7.46).
func (Ruleset) Retreats(st *campaign.State, b campaign.Battle) []campaign.SystemID {
	return campaign.NewGraph(st.Map).Neighbours(b.At)
}

// ApplyResult settles a pending battle with a result, in st, the open
// turn's state: destroyed ships leave their fleets, captured ones are
// organized at once by their captor (UTD6.3I2, captured.go), crippled
// ones carry the damage, and every side that does not hold the field retreats with
// all its fleets in the sector, through the lane its ships disengaged
// by, else as pbemd chooses, arriving at step 6 of the next player's
// turn for a point of debt (UTD7.4661–7.4665, UTD7.46722). When it was
// the turn's last battle, steps 9–12 follow and the next player's turn
// opens.
func (r Ruleset) ApplyResult(st *campaign.State, id string, res *orders.BattleResult, how string) ([]game.Event, error) {
	t, b, err := settling(st, id)
	if err != nil {
		return nil, err
	}
	if res.Negotiated == npeForfeit {
		t.npeForfeited(b)
		return t.settled(b), nil
	}
	if problems := r.checkFates(st, b, res); len(problems) > 0 {
		return nil, fmt.Errorf("battle %s: %s", id, strings.Join(problems, "; "))
	}
	a := newSettlement(t, b, res, r.ShipRefs(b))
	for _, ref := range r.ShipRefs(b) {
		a.ship(ref)
	}
	a.takeLost()
	a.razeLosers()
	t.emit(EventBattle, b.At, "UTD7.44", "Battle %s at %s is settled, %s: %s.", b.ID, b.At, how, strings.Join(a.told, ", "))
	for _, pz := range a.prizes {
		t.organize(pz)
	}
	a.retreatLosers()
	t.npeSettled(r, b, res, a.standing[b.Sides[0]])
	return t.settled(b), nil
}

// FightPending fights a pending battle with the built-in engine, as the
// GM may have pbemd do, and goes on as ApplyResult does.
func (Ruleset) FightPending(st *campaign.State, id string) ([]game.Event, []game.BattleLog, error) {
	t, b, err := settling(st, id)
	if err != nil {
		return nil, nil, err
	}
	if n, _ := t.x.npeBattle(b); n != nil {
		n.Battle = ""
		t.fightNPE(n, b.Fleets[1].Units)
	} else {
		t.fight(b.At)
	}
	return t.settled(b), nil, nil
}

// settling is the open turn of st, to settle its pending battle id.
func settling(st *campaign.State, id string) (*turn, campaign.Battle, error) {
	i := slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == id })
	if i < 0 {
		return nil, campaign.Battle{}, fmt.Errorf("battle %s is not pending", id)
	}
	x, err := load(st)
	if err != nil {
		return nil, campaign.Battle{}, err
	}
	return &turn{st: st, x: x, g: campaign.NewGraph(st.Map), player: x.current()}, st.Battles[i], nil
}

// settled takes a settled battle off the pending list; after the turn's
// last, unless a call for a volunteer is still open (UTD5.231), steps 9–12
// and the next player's steps 1–3 follow. It stores the
// TD IV state and returns the events.
func (t *turn) settled(b campaign.Battle) []game.Event {
	t.st.Battles = slices.DeleteFunc(t.st.Battles, func(o campaign.Battle) bool { return o.ID == b.ID })
	if len(t.st.Battles) == 0 && !calling(t.st) {
		t.postBattle()
	}
	t.x.prune(t.st)
	t.x.save(t.st)
	return t.events
}

// BattleDeadlines gives the sides ContactDays from the submission of the
// orders, opened, to make contact (UTD3.4), and ResolveDays from the
// start of the day after, in the campaign's time zone, to settle the
// battle (UTD3.5, reading as for UTD3.3).
func (Ruleset) BattleDeadlines(sched campaign.Schedule, opened time.Time) (contactBy, resolveBy time.Time, err error) {
	loc, err := sched.Location()
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	l := opened.In(loc)
	day := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	return opened.Add(ContactDays * 24 * time.Hour).UTC(), day.AddDate(0, 0, 1+ResolveDays).UTC(), nil
}

// ForcedRetreat settles a battle whose time to make contact ran out: the
// side that made no contact retreats (UTD3.42, UTD3.43); when neither did,
// the attacker, whose turn it is, does (reading). A volunteer playing a
// non-player empire who made no contact leaves it no opponent: an
// automatic Anschluss (npeForfeited). The attacker goes back
// through the lane it came from (UTD3.42); a defender as retreat chooses.
func (r Ruleset) ForcedRetreat(st *campaign.State, b campaign.Battle, silent []campaign.PlayerID) (*orders.BattleResult, []campaign.PlayerID) {
	forced := silent
	if len(silent) == len(b.Sides) && len(b.Sides) > 0 {
		forced = b.Sides[:1]
	}
	res := &orders.BattleResult{}
	x, err := load(st)
	if err != nil {
		return res, forced
	}
	if n, volunteer := x.npeBattle(b); n != nil && slices.Contains(forced, volunteer) {
		return &orders.BattleResult{Negotiated: npeForfeit}, []campaign.PlayerID{volunteer}
	}
	t := &turn{st: st, x: x, g: campaign.NewGraph(st.Map), player: x.current()}
	for _, p := range forced {
		to := t.retreatTo(p, b.At)
		if p == t.player {
			for _, f := range b.Fleets {
				if s := x.fleet(p, f.ID).Started; f.Owner == p && s != "" && s != b.At && t.g.Adjacent(b.At, s) {
					to = s
				}
			}
		}
		for _, ref := range r.ShipRefs(b) {
			switch {
			case ref.Owner == p && ref.Fleet == postsFleet:
				res.Ships = append(res.Ships, orders.ShipFate{Ship: ref.Ref, Fate: battle.FateDestroyed}) // UTD7.48
			case ref.Owner == p && to != "":
				res.Ships = append(res.Ships, orders.ShipFate{Ship: ref.Ref, Fate: battle.FateDisengaged, Direction: to})
			}
		}
	}
	return res, forced
}

// lostAttrition is what a reported fate says a ship that carries has
// lost of its fighters and PFs: pfs: counts its PFs first, then its
// interceptors (reading).
func lostAttrition(s orders.ShipFate, has Attrition) Attrition {
	pfs := min(s.PFs, has.PFs)
	return Attrition{Fighters: s.Fighters, PFs: pfs, Interceptors: s.PFs - pfs}
}

// checkAttrition refuses a reported loss of fighters or PFs beyond what
// the ship carries (UTD6.3B); x is st's TD IV state, which CheckResult
// decoded.
func checkAttrition(st *campaign.State, x *Ext, ref game.ShipRef, s orders.ShipFate) []string {
	f := st.Fleet(ref.Owner, ref.Fleet)
	if f == nil || ref.Index >= len(f.Units) {
		return nil
	}
	has := x.loadOf(f, ref.Index).Carried
	if s.Fighters > has.Fighters || s.PFs > has.PFs+has.Interceptors {
		return []string{fmt.Sprintf("%s: the %s carries %s; it cannot have lost %s and %s (UTD6.3B)",
			ref.Ref, ref.Class, has, plural(s.Fighters, "fighter"), plural(s.PFs, "PF"))}
	}
	return nil
}
