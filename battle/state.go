package battle

import (
	"math/rand/v2"

	"github.com/pbemd/pbemd/campaign"
)

// fight is one battle in progress.
type fight struct {
	setup Setup
	rng   *rand.Rand
	sides []*side
	// ships are every ship in setup order.
	ships []*ship
	round int
	band  Band
	out   *Outcome
	// events is the current round's log.
	events []Event
}

// side is a Side in progress.
type side struct {
	idx       int
	in        *Side
	squadrons []*squadron
	ships     []*ship
	flagship  *ship
	// flagLost is the round the flagship was destroyed, 0 if it was not
	// or a new one has been named.
	flagLost  int
	leader    *leader
	surprised bool
	// startAttack is the side's Attack on entry, for WithdrawAtLoss.
	startAttack int
}

// squadron is a Squadron in progress.
type squadron struct {
	side      *side
	id        string
	ships     []*ship
	commander *ship
	// cmdLost is the round the commander was destroyed, 0 if it was not
	// or a new one has been named.
	cmdLost int
	// attempts counts break-off attempts, each −1 to the next (001 §7.4b).
	attempts    int
	withdrawing bool
	// held: the squadron may not break off (Squadron.Held).
	held bool
	// The morale ladder (B5 "Morale"): morale starts at the squadron's
	// structure on entry; levels are the circles, next the first circle
	// not yet rolled for.
	moraleStart int
	levels      []int
	next        int
}

// ship is a Ship in progress.
type ship struct {
	sq    *squadron
	id    string
	class campaign.ClassName
	base  campaign.CombatStats
	// dmg is everything lost, entry what was lost before the battle.
	dmg, entry Damage
	// arrive is the round the ship joins in.
	arrive int
	fate   Fate
	// fateRound is the round it was destroyed or disengaged in.
	fateRound int
	// ooc: out of command for the rest of the battle (B5).
	ooc bool
	// failedBreakOff is the round of a failed break-off: −1 Attack that
	// round (001 §7.4b).
	failedBreakOff int
	// alloc is the expected structure (×1000) the firing side has aimed at
	// the ship this volley.
	alloc int
}

// leader is a Leader in progress.
type leader struct {
	in   Leader
	ship *ship
	// leading: aboard a ship still in the battle.
	leading bool
	fate    LeaderFate
	captor  campaign.PlayerID
}

func (s *ship) structure() int { return s.base.Structure - s.dmg.Structure }
func (s *ship) attack() int    { return s.base.Attack - s.dmg.Attack }
func (s *ship) sensor() int    { return s.base.Sensor - s.dmg.Sensor }
func (s *ship) speed() int     { return s.base.Speed - s.dmg.Speed }

// present: neither destroyed nor gone.
func (s *ship) present() bool { return s.fate == "" }

// active: present and joined by round r.
func (s *ship) active(r int) bool { return s.fate == "" && s.arrive <= r }

// crippled: half its structure or less (001 §7.5a, threshold ours).
func (s *ship) crippled() bool { return 2*s.structure() <= s.base.Structure }

func (s *ship) side() *side { return s.sq.side }

// present reports whether the side has a ship present.
func (sd *side) present() bool {
	for _, s := range sd.ships {
		if s.present() {
			return true
		}
	}
	return false
}

// activeAttack is the Attack of the side's active ships: the break-off
// differential's AF (001 §7.4b).
func (sd *side) activeAttack(r int) int {
	n := 0
	for _, s := range sd.ships {
		if s.active(r) {
			n += s.attack()
		}
	}
	return n
}

// leadership is the space leadership of the side's leader while the
// leader is in the battle.
func (sd *side) leadership() int {
	if sd.leader == nil || !sd.leader.leading {
		return 0
	}
	return sd.leader.in.Leadership
}

// enemies calls fn for every other side, in order.
func (f *fight) enemies(sd *side, fn func(e *side)) {
	for _, e := range f.sides {
		if e != sd {
			fn(e)
		}
	}
}

// roll draws one die of n sides: the only source of randomness.
func (f *fight) roll(n int) int { return 1 + f.rng.IntN(n) }

func (f *fight) log(e Event) { f.events = append(f.events, e) }

// newFight builds the battle's state from a checked, defaulted setup.
func newFight(s Setup) *fight {
	f := &fight{
		setup: s,
		rng:   rand.New(rand.NewPCG(s.Seed, s.Seed^pcgStream)),
		band:  Long,
		out:   &Outcome{Version: Version, Seed: s.Seed, Setup: s},
	}
	for i := range s.Sides {
		in := &s.Sides[i]
		sd := &side{idx: i, in: in}
		for _, q := range in.Squadrons {
			sd.squadrons = append(sd.squadrons, f.newSquadron(sd, q))
		}
		sd.flagship = sd.squadrons[0].commander
		for _, s := range sd.ships {
			sd.startAttack += s.attack()
		}
		if in.Leader != nil {
			sd.leader = &leader{in: *in.Leader, ship: sd.flagship, leading: true, fate: LeaderAboard}
			for _, s := range sd.ships {
				if s.id == in.Leader.Ship {
					sd.leader.ship = s
				}
			}
		}
		f.sides = append(f.sides, sd)
	}
	return f
}

// pcgStream is the PCG's second seed word, fixed so that Setup.Seed alone
// picks the dice.
const pcgStream = 0x9e3779b97f4a7c15

func (f *fight) newSquadron(sd *side, q Squadron) *squadron {
	sq := &squadron{side: sd, id: q.ID, held: q.Held}
	for _, in := range q.Ships {
		s := &ship{sq: sq, id: in.ID, class: in.Class, base: in.Stats, dmg: in.Damage, entry: in.Damage, arrive: 1}
		sq.ships = append(sq.ships, s)
		sd.ships = append(sd.ships, s)
		f.ships = append(f.ships, s)
		sq.moraleStart += s.structure()
	}
	sq.commander = bestCommander(sq.ships, nil)
	sq.levels = moraleLadder(sq.moraleStart)
	return sq
}

// bestCommander is the present ship with the highest command rating, then
// the most structure, then the first in screen order; skip is passed over.
func bestCommander(ships []*ship, skip *ship) *ship {
	var best *ship
	for _, s := range ships {
		if !s.present() || s == skip {
			continue
		}
		if best == nil || s.base.Command > best.base.Command ||
			s.base.Command == best.base.Command && s.structure() > best.structure() {
			best = s
		}
	}
	return best
}
