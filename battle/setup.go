package battle

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// Version is the engine's version, stamped into every Outcome. It changes
// whenever a rule or the draw order changes, so an old battle can be told
// from a new one (DESIGN "Determinism").
const Version = 1

// Defaults and limits of a Setup.
const (
	DefaultMaxRounds = 10
	DefaultVolleys   = 2
	MaxRounds        = 100
	MaxVolleys       = 6
)

// Setup is one battle: the sides, the seed and the options.
type Setup struct {
	// Sides are the sides in a fixed order; there must be at least two.
	// With more than two, every side fights every other.
	Sides []Side
	// Seed seeds the dice.
	Seed uint64
	// Situation sets the morale modifiers; the zero value is Skirmish.
	Situation Situation
	// MaxRounds caps the battle (default DefaultMaxRounds). At the cap the
	// attackers withdraw and the defender holds; held squadrons stay.
	MaxRounds int
	// Volleys is the number of volleys in a round (default DefaultVolleys).
	Volleys int
}

// Role is a side's role: the defender held the place when the turn began;
// attackers arrived, or intercept. If every side is an attacker, the battle
// is a meeting engagement.
type Role string

// The roles.
const (
	Attacker Role = "attacker"
	Defender Role = "defender"
)

// Situation is what is at stake, for the morale modifiers (B5 "Battle
// situational modifiers").
type Situation string

// The situations.
const (
	// Skirmish is a skirmish or a meeting in a neutral system: +1 to both
	// sides' morale rolls.
	Skirmish Situation = "skirmish"
	// Strategic is a major strategic location: −1 to the defender.
	Strategic Situation = "strategic"
	// Major is a major world (homeworld, capital): −3 to the defender and
	// −1 to the attacker.
	Major Situation = "major"
)

// Withdraw says when a side's squadrons try to break off.
type Withdraw string

// The withdrawal orders; the zero value is WithdrawMorale.
const (
	// WithdrawMorale breaks a squadron off once its morale fails (B5).
	WithdrawMorale Withdraw = "morale"
	// WithdrawNever fights to the end: no morale checks, no break-off
	// until the round cap.
	WithdrawNever Withdraw = "never"
	// WithdrawAlways tries to break off every round it may, as a force
	// caught by interception must (001 §7.4a).
	WithdrawAlways Withdraw = "always"
)

// RangeOrder says whether a side closes the range.
type RangeOrder string

// The range orders; the zero value is RangeClose.
const (
	RangeClose RangeOrder = "close"
	RangeHold  RangeOrder = "hold"
)

// Side is one player's force.
type Side struct {
	Player campaign.PlayerID
	// Role is Attacker (the zero value) or Defender; at most one side
	// defends.
	Role Role
	// Squadrons are the side's squadrons (in a campaign, its fleets), in
	// the order they fire. The first one's commander is the flagship.
	Squadrons []Squadron
	// Leader commands the side, if it has one.
	Leader *Leader
	// Jumped says the side arrived this turn by jump, each squadron a
	// separately moving stack: with two squadrons or more they roll when
	// they join (001 §7.4d), and if every attacker jumped in, every side
	// rolls for surprise (001 §7.4c).
	Jumped bool
	// Dispersal says the side waits in blockade dispersal: its ships join
	// in three groups over rounds 1 to 3 (001 §7.4e).
	Dispersal bool
	// Withdraw says when its squadrons break off.
	Withdraw Withdraw
	// WithdrawAtLoss, if above 0, breaks the whole side off once it has
	// lost that percentage of its starting Attack.
	WithdrawAtLoss int
	// Range says whether the side closes the range.
	Range RangeOrder
	// Impulse breaks off by impulse, staying in the system, instead of by
	// warp: no −2 to the roll, but no damaged-ship check either (001 §7.4b).
	Impulse bool
}

// Squadron is ships that fight together: they pick one enemy squadron to
// fire at, share a commander and a morale ladder, and break off together.
type Squadron struct {
	ID string
	// Ships are in screen order: a firer that passes over the first ones
	// to reach a later one pays the bypass penalty (B5 "Target
	// selection").
	Ships []Ship
	// Held says the squadron may not break off, as a fleet at an enemy
	// fortification (EaW 10g): it never tries, whatever its side's
	// orders, morale or losses say, and at the round cap it stays in
	// place instead of withdrawing. The log says so where it would
	// have tried.
	Held bool
}

// Ship is one ship as it enters the battle.
type Ship struct {
	// ID names the ship; IDs are unique within the battle.
	ID    string
	Class campaign.ClassName
	Stats campaign.CombatStats
	// Damage is what the ship has lost already; ShipResult.Damage can be
	// fed back for the next battle.
	Damage Damage
}

// Damage is what a ship has lost: structure points, and points off its
// Attack, Sensor and Speed from system hits (B5 "Determining what is
// damaged").
type Damage struct {
	Structure int `json:"structure,omitempty"`
	Attack    int `json:"attack,omitempty"`
	Sensor    int `json:"sensor,omitempty"`
	Speed     int `json:"speed,omitempty"`
}

// Leader is a character commanding a side (001 §7.4f).
type Leader struct {
	Name string
	// Leadership is the space leadership rating, 0 to 6.
	Leadership int
	// Boost adds dice to each own ship (at most its basic Attack); Weaken
	// takes dice from each enemy ship. Boost+Weaken is at most Leadership; if
	// both are 0, all of it goes to Boost.
	Boost, Weaken int
	// Ship is the ship the leader is aboard; empty means the flagship.
	Ship string
}

// maxLeadership bounds a leader's rating; the seeds' best is 3.
const maxLeadership = 6

// withDefaults returns a deep copy of s with the zero options filled in,
// so the outcome shares nothing with the caller's setup.
func (s Setup) withDefaults() Setup {
	if s.Situation == "" {
		s.Situation = Skirmish
	}
	if s.MaxRounds == 0 {
		s.MaxRounds = DefaultMaxRounds
	}
	if s.Volleys == 0 {
		s.Volleys = DefaultVolleys
	}
	sides := make([]Side, len(s.Sides))
	for i, sd := range s.Sides {
		if sd.Role == "" {
			sd.Role = Attacker
		}
		if sd.Withdraw == "" {
			sd.Withdraw = WithdrawMorale
		}
		if sd.Range == "" {
			sd.Range = RangeClose
		}
		sd.Squadrons = slices.Clone(sd.Squadrons)
		for j := range sd.Squadrons {
			sd.Squadrons[j].Ships = slices.Clone(sd.Squadrons[j].Ships)
		}
		if sd.Leader != nil {
			l := *sd.Leader
			if l.Boost == 0 && l.Weaken == 0 {
				l.Boost = l.Leadership
			}
			sd.Leader = &l
		}
		sides[i] = sd
	}
	s.Sides = sides
	return s
}

// ErrSetup is returned, wrapped with the reason, when a Setup cannot be
// fought.
var ErrSetup = errors.New("battle: invalid setup")

func setupErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSetup, fmt.Sprintf(format, args...))
}

// check reports the first thing wrong with a defaulted setup.
func (s Setup) check() error {
	if len(s.Sides) < 2 {
		return setupErr("%d sides; a battle needs at least 2", len(s.Sides))
	}
	switch s.Situation {
	case Skirmish, Strategic, Major:
	default:
		return setupErr("situation %q is not skirmish, strategic or major", s.Situation)
	}
	if s.MaxRounds < 1 || s.MaxRounds > MaxRounds {
		return setupErr("max rounds %d is not from 1 to %d", s.MaxRounds, MaxRounds)
	}
	if s.Volleys < 1 || s.Volleys > MaxVolleys {
		return setupErr("volleys %d is not from 1 to %d", s.Volleys, MaxVolleys)
	}
	ids := make(map[string]bool)
	defenders := 0
	for i := range s.Sides {
		if s.Sides[i].Role == Defender {
			defenders++
		}
		if err := s.Sides[i].check(ids); err != nil {
			return fmt.Errorf("side %d (%s): %w", i+1, s.Sides[i].Player, err)
		}
	}
	if defenders > 1 {
		return setupErr("%d defenders; at most one side defends", defenders)
	}
	return nil
}

func (sd *Side) check(ids map[string]bool) error {
	switch {
	case sd.Player == "":
		return setupErr("no player")
	case sd.Role != Attacker && sd.Role != Defender:
		return setupErr("role %q is not attacker or defender", sd.Role)
	case sd.Withdraw != WithdrawMorale && sd.Withdraw != WithdrawNever && sd.Withdraw != WithdrawAlways:
		return setupErr("withdraw %q is not morale, never or always", sd.Withdraw)
	case sd.Range != RangeClose && sd.Range != RangeHold:
		return setupErr("range %q is not close or hold", sd.Range)
	case sd.WithdrawAtLoss < 0 || sd.WithdrawAtLoss > 100:
		return setupErr("withdraw at loss %d%% is not from 0 to 100", sd.WithdrawAtLoss)
	case sd.Jumped && sd.Dispersal:
		return setupErr("a side that jumped in this turn cannot wait in dispersal")
	case len(sd.Squadrons) == 0:
		return setupErr("no squadrons")
	}
	sqIDs := make(map[string]bool)
	for _, sq := range sd.Squadrons {
		if sq.ID == "" || sqIDs[sq.ID] {
			return setupErr("squadron id %q is empty or used twice", sq.ID)
		}
		sqIDs[sq.ID] = true
		if len(sq.Ships) == 0 {
			return setupErr("squadron %s has no ships", sq.ID)
		}
		for _, sh := range sq.Ships {
			if err := sh.check(ids); err != nil {
				return err
			}
		}
	}
	return sd.checkLeader(ids)
}

func (sh *Ship) check(ids map[string]bool) error {
	if sh.ID == "" || ids[sh.ID] {
		return setupErr("ship id %q is empty or used twice", sh.ID)
	}
	ids[sh.ID] = true
	if err := sh.Stats.Check(); err != nil {
		return setupErr("ship %s: %v", sh.ID, err)
	}
	d, st := sh.Damage, sh.Stats
	if d.Structure < 0 || d.Attack < 0 || d.Sensor < 0 || d.Speed < 0 {
		return setupErr("ship %s: negative damage %+v", sh.ID, d)
	}
	if d.Structure >= st.Structure || d.Attack > st.Attack || d.Sensor > st.Sensor || d.Speed > st.Speed {
		return setupErr("ship %s: damage %+v is more than the ship has", sh.ID, d)
	}
	return nil
}

func (sd *Side) checkLeader(ids map[string]bool) error {
	l := sd.Leader
	if l == nil {
		return nil
	}
	switch {
	case l.Leadership < 0 || l.Leadership > maxLeadership:
		return setupErr("leader %s: space leadership %d is not from 0 to %d", l.Name, l.Leadership, maxLeadership)
	case l.Boost < 0 || l.Weaken < 0 || l.Boost+l.Weaken > l.Leadership:
		return setupErr("leader %s: boost %d and weaken %d must be at least 0 and add up to at most %d", l.Name, l.Boost, l.Weaken, l.Leadership)
	case l.Ship == "":
		return nil
	}
	for _, sq := range sd.Squadrons {
		for _, sh := range sq.Ships {
			if sh.ID == l.Ship {
				return nil
			}
		}
	}
	return setupErr("leader %s is aboard %s, which is not one of the side's ships", l.Name, l.Ship)
}
