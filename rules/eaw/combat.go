package eaw

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/game"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
)

// diceSeed derives the seed of one set of dice from the campaign's seed,
// the turn, what the dice are for and where (DESIGN "Determinism"), so
// every roll is reproducible and independent of the others.
func diceSeed(seed uint64, turn int, purpose, place string) uint64 {
	h := fnv.New64a()
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], seed)
	binary.BigEndian.PutUint64(b[8:], uint64(turn))
	h.Write(b[:])
	h.Write([]byte(purpose + "\x00" + place))
	return h.Sum64()
}

// fightBattles fights the meetings found this turn that where says, with
// the built-in resolver (battles: auto), in the order they were found,
// each with the fleets as the battles before it left them (EaW 5c), and
// each as fights between two fleets (EaW 19.0, 26.0, 26a). Losses,
// damage, captures and retreats are applied to the next state; every
// player learns who fought where, with what, and how it ended (EaW 1b,
// 1e); the sides get the log.
func (t *turn) fightBattles(where func(campaign.Battle) bool) {
	found := t.next.Battles
	t.next.Battles = nil // a meeting that cannot be fought is put back
	t.battles(func() {
		for _, b := range found {
			if b.Turn != t.prev.Turn || !where(b) {
				t.next.Battles = append(t.next.Battles, b)
				continue
			}
			t.fight(b)
		}
	})
}

// inLane and atSystem tell the meetings in lanes (EaW 5c) from those in
// systems (EaW 19.0). The lanes' are fought first: their winners go on to
// the systems they were flying to, and may meet what is there.
func inLane(b campaign.Battle) bool   { return b.Lane != nil }
func atSystem(b campaign.Battle) bool { return b.Lane == nil }

// fightPair fights one fight of a meeting, between fleets a and c, with
// the FRDs assigned to them (EaW 19.0, 28a), applies its outcome and
// tells the players. It reports false if the fight could not be fought:
// the meeting then waits for the GM.
func (t *turn) fightPair(s *series, a, c *campaign.Fleet) bool {
	s.fights++
	fb := campaign.Battle{ID: s.b.ID, Turn: s.b.Turn, At: s.b.At, Lane: s.b.Lane}
	if s.serial() {
		fb.ID, fb.Serial = fmt.Sprintf("%s.%d", s.b.ID, s.fights), s.fights
	}
	fleets := []*campaign.Fleet{a, c}
	for _, p := range s.b.Sides {
		if p == a.Owner || p == c.Owner {
			fb.Sides = append(fb.Sides, p)
		}
	}
	for _, f := range fleets {
		fb.Fleets = append(fb.Fleets, campaign.BattleFleet{Owner: f.Owner, ID: f.ID, Units: slices.Clone(f.Units), CBPV: t.next.FleetCBPV(f)})
	}
	extra := map[campaign.FleetKey][]battle.Ship{a.Key(): t.frdShips(s, a), c.Key(): t.frdShips(s, c)}
	held := map[campaign.FleetKey]bool{a.Key(): t.heldByFortification(s, a), c.Key(): t.heldByFortification(s, c)}
	out, err := battle.Fight(t.battleSetup(fb, fleets, extra, held))
	if err != nil {
		// A catalogue the loader checked cannot fail here; if it does, the
		// battle waits for the GM rather than vanish.
		t.next.Battles = append(t.next.Battles, s.b)
		t.emit(game.Event{Kind: EventBattle, Players: s.b.Sides, At: s.b.At, Text: fmt.Sprintf("Battle %s could not be fought automatically (%v); it waits for the GM.", fb.ID, err)})
		return false
	}
	before, mark := t.sidesText(fleets), len(t.events)
	s.frdResults(fb.ID, out)
	prizes := t.applyOutcome(fb, fleets, out, s)
	s.settle([]campaign.FleetKey{a.Key(), c.Key()}, out.Winner)
	t.tellFight(fb, out, before+". "+summary(out)+prizes, mark)
	return true
}

// tellFight tells every player how a fight went, before the events that
// followed from it (from index mark on), and gives its sides the log.
func (t *turn) tellFight(fb campaign.Battle, out *battle.Outcome, how string, mark int) {
	t.events = slices.Insert(t.events, mark, game.Event{Kind: EventBattleFought, Players: t.everyone, At: fb.At, Rule: battleRule(fb.Lane),
		Text: fmt.Sprintf("Battle %s %s%s: %s", fb.ID, t.placeText(fb), serialText(fb), how)})
	log := &t.logBuf
	log.Reset()
	fmt.Fprintf(log, "Battle %s %s%s, turn %d (battle resolver version %d, seed %d)\n", fb.ID, t.placeText(fb), serialText(fb), t.prev.Turn, out.Version, out.Seed)
	for _, sd := range out.Setup.Sides {
		for _, sq := range sd.Squadrons {
			if sq.Held {
				fmt.Fprintf(log, "Fleet %s may not break off: %s's fortification here holds it, and no minesweeper or second fleet of its own frees it (EaW 10g, 21b).\n",
					sq.ID, t.fortifiedInMovement(fb.At, sd.Player))
			}
		}
	}
	log.WriteString("\n")
	out.WriteLog(log)
	t.logs = append(t.logs, foughtLog{sides: fb.Sides, log: game.BattleLog{Battle: fb.ID, Text: log.String()}})
}

// serialText says which fight of a meeting a battle is (EaW 26.0, 26a).
func serialText(b campaign.Battle) string {
	if b.Serial == 0 {
		return ""
	}
	return fmt.Sprintf(", fight %d of the meeting there", b.Serial)
}

// battleFleets returns the fleets of a battle as they stand now: the
// battles fought before may have destroyed some.
func (t *turn) battleFleets(b campaign.Battle) []*campaign.Fleet {
	var out []*campaign.Fleet
	for _, bf := range b.Fleets {
		if f := t.fleet(campaign.FleetKey{Owner: bf.Owner, ID: bf.ID}); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// battleSetup builds the battle: one side per empire in the battle's
// order, one squadron per fleet, with the extra ships (its FRDs) last in
// its screen order. A side whose every fleet was there when the turn
// began defends; a side that jumped in this turn is marked so (001
// §7.4c, 7.4d). The stakes follow the place: a home system is a major
// world, a developed one strategic (B5 situational modifiers). A fleet
// that held says may not break off is a held squadron (EaW 10g, 21b).
func (t *turn) battleSetup(b campaign.Battle, fleets []*campaign.Fleet, extra map[campaign.FleetKey][]battle.Ship, held map[campaign.FleetKey]bool) battle.Setup {
	s := battle.Setup{Seed: diceSeed(t.prev.Seed, t.prev.Turn, "battle", b.ID), Situation: battle.Skirmish}
	if b.Lane == nil {
		for _, p := range t.prev.Players {
			if p.Home == b.At {
				s.Situation = battle.Major
			}
		}
		if s.Situation == battle.Skirmish && len(t.was.DevelopmentsAt(b.At)) > 0 {
			s.Situation = battle.Strategic
		}
	}
	var defenders []int
	for _, owner := range b.Sides {
		side := battle.Side{Player: owner}
		stayed := true
		for _, f := range fleets {
			if f.Owner != owner {
				continue
			}
			if was := t.was.Fleet(f.Owner, f.ID); was == nil || was.At != f.At {
				stayed = false
				side.Jumped = b.Lane == nil
			}
			sq := battle.Squadron{ID: fmt.Sprintf("%s %s", f.Owner, f.ID), Held: held[f.Key()]}
			for i, u := range f.Units {
				cls := t.next.Catalogue.Class(u)
				if cls == nil || cls.IsBase() {
					continue // carried bases are cargo: they do not fight (EaW 14a)
				}
				sq.Ships = append(sq.Ships, battle.Ship{ID: shipID(f, i), Class: u, Stats: cls.BattleStats(), Damage: toBattleDamage(f.DamageOf(i))})
			}
			if len(sq.Ships) > 0 {
				sq.Ships = append(sq.Ships, extra[f.Key()]...)
				side.Squadrons = append(side.Squadrons, sq)
			}
		}
		if len(side.Squadrons) == 0 {
			continue
		}
		if stayed && b.Lane == nil {
			defenders = append(defenders, len(s.Sides))
		}
		s.Sides = append(s.Sides, side)
	}
	if len(defenders) == 1 {
		s.Sides[defenders[0]].Role = battle.Defender
		s.Sides[defenders[0]].Jumped = false
	}
	return s
}

// shipID names a unit in a battle: its owner, fleet and place in the fleet.
func shipID(f *campaign.Fleet, i int) string {
	return fmt.Sprintf("%s/%s/%d", f.Owner, f.ID, i+1)
}

func toBattleDamage(d campaign.UnitDamage) battle.Damage {
	return battle.Damage{Structure: d.Structure, Attack: d.Attack, Sensor: d.Sensor, Speed: d.Speed}
}

// setDamage records the damage unit d.Unit of the fleet carries; none
// leaves no record.
func setDamage(f *campaign.Fleet, d campaign.UnitDamage) {
	f.Damage = slices.DeleteFunc(f.Damage, func(o campaign.UnitDamage) bool { return o.Unit == d.Unit })
	if d != (campaign.UnitDamage{Unit: d.Unit}) {
		f.Damage = append(f.Damage, d)
		slices.SortFunc(f.Damage, func(a, b campaign.UnitDamage) int { return a.Unit - b.Unit })
	}
}

// applyOutcome applies one fight between two fleets: damage stays with
// each unit (EaW 26e); the winner's commandos take the crippled ships the
// round cap caught (EaW 25.0); destroyed and captured units leave their
// fleets, prizes join the captor's fleet as uninspected (EaW 25b); the
// sides score victory points (EaW 4e) and the crews experience (EaW 2e);
// a fleet whose every surviving ship broke off withdraws (EaW 21.0). It
// returns the public text of the captures.
func (t *turn) applyOutcome(b campaign.Battle, fleets []*campaign.Fleet, out *battle.Outcome, s *series) string {
	fate := make(map[string]battle.ShipResult, len(out.Ships))
	for _, r := range out.Ships {
		fate[r.Ship] = r
	}
	capped := sentAway(out)
	results := make([]*fleetResult, len(fleets))
	for n, f := range fleets {
		results[n] = t.fleetResult(f, fate, capped)
		if results[n].brokeOff {
			s.brokeOff[f.Key()] = true
		}
	}
	text := t.takePrizes(results, out)
	vp := map[campaign.PlayerID]int{}
	for n, r := range results {
		enemy := results[1-n].fleet.Owner
		for _, i := range r.destroyed {
			vp[enemy] += t.unitCBPV(r.fleet, i)
		}
		for _, i := range r.captured {
			vp[enemy] += t.unitCBPV(r.fleet, i)
		}
	}
	t.gainExperience(b, results, out.Winner, vp[out.Winner])
	for n, r := range results {
		r.removeLosses(results[1-n].fleet)
		t.loseCargo(b, r.fleet, "with the last of its ships")
		if len(r.fleet.Units) > 0 && !r.inPlace {
			r.fleet.Withdrew = b.Turn
			t.retreat(b, r.fleet)
		}
	}
	for _, p := range b.Sides {
		if pl := t.next.Player(p); pl != nil {
			pl.VP += vp[p]
		}
	}
	return text
}

// fleetResult is what one fight did to one fleet, by index into its
// units as it entered.
type fleetResult struct {
	fleet *campaign.Fleet
	// cbpv is the fleet's combat BPV as it entered (EaW 2e).
	cbpv                int
	destroyed, captured []int
	// capped lists the crippled ships the round cap sent away.
	capped []int
	// inPlace: a ship of the fleet is still there; brokeOff: a ship of it
	// disengaged.
	inPlace, brokeOff bool
}

// fleetResult records each fought unit's damage and sorts the fleet's
// units by fate; capped are the ships the round cap sent away.
func (t *turn) fleetResult(f *campaign.Fleet, fate map[string]battle.ShipResult, capped map[string]bool) *fleetResult {
	r := &fleetResult{fleet: f, cbpv: t.next.FleetCBPV(f)}
	for i, u := range f.Units {
		sr, fought := fate[shipID(f, i)]
		if !fought {
			continue
		}
		d := sr.Damage
		setDamage(f, campaign.UnitDamage{Unit: i, Structure: d.Structure, Attack: d.Attack, Sensor: d.Sensor, Speed: d.Speed})
		switch sr.Fate {
		case battle.FateDestroyed:
			r.destroyed = append(r.destroyed, i)
		case battle.FateDisengaged:
			r.brokeOff = true
			if cls := t.next.Catalogue.Class(u); cls != nil && capped[sr.Ship] && crippled(d, cls.BattleStats()) {
				r.capped = append(r.capped, i)
			}
		default:
			r.inPlace = true
		}
	}
	return r
}

// loseCargo removes the bases a fleet carried once no ship of it is left
// to carry them: cargo goes down with its carriers (EaW 14a). why ends
// the sentence that tells the owner.
func (t *turn) loseCargo(b campaign.Battle, f *campaign.Fleet, why string) bool {
	if len(f.Units) == 0 || t.fighting(f) {
		return false
	}
	lost := f.Take(idxs(len(f.Units)))
	t.emit(game.Event{Kind: EventDestroyed, Players: []campaign.PlayerID{f.Owner}, At: b.At, Rule: "EaW 14a",
		Text: fmt.Sprintf("The bases fleet %s carried (%s) were lost in battle %s %s.", f.ID, campaign.UnitList(lost.Units), b.ID, why)})
	return true
}

// fighting reports whether a fleet has a unit that fights: one that is
// not a carried base.
func (t *turn) fighting(f *campaign.Fleet) bool {
	return slices.ContainsFunc(f.Units, func(u campaign.ClassName) bool {
		cls := t.next.Catalogue.Class(u)
		return cls != nil && !cls.IsBase()
	})
}

// idxs returns 0, 1, ..., n-1.
func idxs(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// sentAway returns the ships the round cap sent away: they were still in
// the fight when it ended, and withdrew without a roll (docs/battles.md,
// "End").
func sentAway(out *battle.Outcome) map[string]bool {
	m := map[string]bool{}
	if !out.CapReached || len(out.Log) == 0 {
		return m
	}
	capped := false
	for _, e := range out.Log[len(out.Log)-1].Events {
		switch {
		case e.Kind == battle.KindCap:
			capped = true
		case e.Kind == battle.KindDisengage && capped:
			m[e.Who] = true
		}
	}
	return m
}

// crippled reports whether a ship is at half its structure or less, the
// engine's crippled ship (docs/battles.md).
func crippled(d battle.Damage, st campaign.CombatStats) bool {
	return 2*(st.Structure-d.Structure) <= st.Structure
}

func (t *turn) unitCBPV(f *campaign.Fleet, i int) int {
	if cls := t.next.Catalogue.Class(f.Units[i]); cls != nil {
		return cls.CBPV
	}
	return 0
}

// removeLosses takes the destroyed and captured units out of the fleet;
// the captured ones join the captor's fleet, uninspected (EaW 25.0, 25b),
// with their damage and a prize crew of no experience.
func (r *fleetResult) removeLosses(captor *campaign.Fleet) {
	for _, i := range r.captured {
		captor.Join(prize(r.fleet, i))
	}
	r.fleet.Take(append(slices.Clone(r.destroyed), r.captured...))
}

// takePrizes decides the captures of a fight (EaW 25.0): in a fight one
// side won, each crippled ship of the other that the round cap sent away
// (it had not got away by itself) is boarded and taken, if the winner's
// fleet has a commando ship still in the fight. It returns the public
// text of the captures.
func (t *turn) takePrizes(results []*fleetResult, out *battle.Outcome) string {
	var text []string
	for n, r := range results {
		captor := results[1-n]
		if out.Winner == "" || captor.fleet.Owner != out.Winner || len(r.capped) == 0 || !t.commandoInPlace(captor, out) {
			continue
		}
		for _, i := range r.capped {
			r.captured = append(r.captured, i)
			text = append(text, fmt.Sprintf("%s's crippled %s was boarded and captured by %s's commandos (EaW 25.0).", r.fleet.Owner, r.fleet.Units[i], captor.fleet.Owner))
		}
	}
	if len(text) == 0 {
		return ""
	}
	return " " + strings.Join(text, " ")
}

// commandoInPlace reports whether the fleet has a commando ship that
// ended the fight still there.
func (t *turn) commandoInPlace(r *fleetResult, out *battle.Outcome) bool {
	for _, sr := range out.Ships {
		for i, u := range r.fleet.Units {
			cls := t.next.Catalogue.Class(u)
			if sr.Ship == shipID(r.fleet, i) && cls != nil && cls.Commando && !r.fleet.IsCaptured(i) && (sr.Fate == battle.FateIntact || sr.Fate == battle.FateCrippled) {
				return true
			}
		}
	}
	return false
}

// gainExperience gives the crews their experience (EaW 2e): the
// winner's ships share the victory points won, each in proportion to its
// combat BPV in the fleet as it entered; the loser's ships lose the same
// total, each in proportion to its combat BPV in its own fleet, down to
// no experience at all. Destroyed and captured ships take their share
// with them; uninspected prizes and carried bases, outside the fleet's
// combat BPV (EaW 17.0, 25b), have none. Each owner is told what their
// crews gained or lost.
func (t *turn) gainExperience(b campaign.Battle, results []*fleetResult, winner campaign.PlayerID, won int) {
	if winner == "" || won <= 0 {
		return
	}
	for _, r := range results {
		sign := 1
		if r.fleet.Owner != winner {
			sign = -1
		}
		var parts []string
		for i, u := range r.fleet.Units {
			if slices.Contains(r.destroyed, i) || slices.Contains(r.captured, i) || !t.next.Counts(r.fleet, i) {
				continue
			}
			share := xpShare(won, t.unitCBPV(r.fleet, i), r.cbpv)
			if share == 0 {
				continue
			}
			c := r.fleet.CrewOf(i)
			c.XP = max(0, c.XP+sign*share)
			r.fleet.SetCrew(c)
			parts = append(parts, fmt.Sprintf("%s #%d %+d (now %d)", u, i+1, sign*share, c.XP))
		}
		if len(parts) == 0 {
			continue
		}
		verb := "gained"
		if sign < 0 {
			verb = "lost"
		}
		t.emit(game.Event{Kind: EventExperience, Players: []campaign.PlayerID{r.fleet.Owner}, At: b.At, Rule: "EaW 2e",
			Text: fmt.Sprintf("The crews of fleet %s %s experience in battle %s: %s.", r.fleet.ID, verb, b.ID, strings.Join(parts, ", "))})
	}
}

// xpShare is one ship's share of the experience of a battle (EaW 2e):
// the total × the ship's combat BPV ÷ its fleet's, rounded down.
func xpShare(total, cbpv, fleetCBPV int) int {
	if fleetCBPV <= 0 {
		return 0
	}
	return total * cbpv / fleetCBPV
}

// retreat moves a fleet that broke off entirely out of the system: back to
// where it started the turn if it came from elsewhere, else to the first
// neighbouring system, by ID, with no hostile fleet (EaW 21.0). A fleet
// with nowhere to go stays. In a lane meeting the fleets are still in the
// systems they left, and stay.
func (t *turn) retreat(b campaign.Battle, f *campaign.Fleet) {
	if b.Lane != nil {
		return
	}
	safe := func(s campaign.SystemID) bool { return !t.fleets.hostileAt(s, f.Owner) }
	to := campaign.SystemID("")
	if was := t.was.Fleet(f.Owner, f.ID); was != nil && was.At != f.At && safe(was.At) {
		to = was.At
	} else {
		for _, n := range t.graph.Neighbours(f.At) {
			if safe(n) {
				to = n
				break
			}
		}
	}
	if to == "" {
		return
	}
	t.emit(game.Event{Kind: EventMoved, Players: []campaign.PlayerID{f.Owner}, At: to, Rule: "EaW 21.0",
		Text: fmt.Sprintf("Fleet %s broke off from battle %s and withdrew to %s.", f.ID, b.ID, t.systemName(to))})
	t.fleets.move(f, to)
}

// summary says how a battle ended: who held the field after how many
// rounds, and each side's losses.
func summary(out *battle.Outcome) string {
	var b strings.Builder
	switch {
	case out.Winner != "":
		fmt.Fprintf(&b, "After %s %s held the field.", rounds(out.Rounds), out.Winner)
	default:
		fmt.Fprintf(&b, "After %s nobody held the field.", rounds(out.Rounds))
	}
	for i, sd := range out.Setup.Sides {
		lost := map[battle.Fate][]campaign.ClassName{}
		for _, r := range out.Ships {
			if r.Side == i {
				lost[r.Fate] = append(lost[r.Fate], r.Class)
			}
		}
		var parts []string
		for _, f := range []battle.Fate{battle.FateDestroyed, battle.FateCrippled, battle.FateDisengaged} {
			if len(lost[f]) > 0 {
				parts = append(parts, fmt.Sprintf("%s %s", f, campaign.UnitList(lost[f])))
			}
		}
		if len(parts) == 0 {
			parts = []string{"no losses"}
		}
		fmt.Fprintf(&b, " %s: %s.", sd.Player, strings.Join(parts, "; "))
	}
	fate := make(map[string]battle.Fate, len(out.Ships))
	for _, r := range out.Ships {
		fate[r.Ship] = r.Fate
	}
	for _, sd := range out.Setup.Sides {
		for _, sq := range sd.Squadrons {
			if sq.Held && sd.Player != out.Winner && slices.ContainsFunc(sq.Ships, func(s battle.Ship) bool { return fate[s.ID] != battle.FateDestroyed }) {
				fmt.Fprintf(&b, " %s stays there, held by the fortification (EaW 10g).", sq.ID)
			}
		}
	}
	return b.String()
}

func rounds(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

// foughtLog is a battle's log and who may read it.
type foughtLog struct {
	sides []campaign.PlayerID
	log   game.BattleLog
}

// attachLogs gives each view the logs of the battles its player fought.
func attachLogs(views []View, logs []foughtLog) {
	for i := range views {
		for _, l := range logs {
			if slices.Contains(l.sides, views[i].Player) {
				views[i].BattleLogs = append(views[i].BattleLogs, l.log)
			}
		}
	}
}
