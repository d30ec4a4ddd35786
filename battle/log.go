package battle

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteLog writes the battle as players read it: the sides, every round
// with every die, the result, the losses per side and every ship's state.
func (o *Outcome) WriteLog(w io.Writer) error {
	switch lw := w.(type) {
	case *strings.Builder, *bytes.Buffer:
		o.print(lw.(logWriter)) // they take every write: no buffer needed
		return nil
	}
	b := bufio.NewWriter(w)
	o.print(b)
	return b.Flush()
}

// String returns the log that WriteLog writes.
func (o *Outcome) String() string {
	var b strings.Builder
	o.print(&b)
	return b.String()
}

// print writes the log.
func (o *Outcome) print(w logWriter) {
	p := &printer{w: w, o: o}
	p.header()
	for _, r := range o.Log {
		p.round(r)
	}
	p.result()
}

// logWriter is what the log is written to: a buffer or a builder.
type logWriter interface {
	io.Writer
	io.StringWriter
}

type printer struct {
	w logWriter
	o *Outcome
	// num is room to write a number in (n).
	num [20]byte
}

func (p *printer) f(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

func (p *printer) header() {
	s := p.o.Setup
	p.f("Battle: engine v%d, seed %d, %s, at most %d rounds of %d volleys\n", p.o.Version, p.o.Seed, s.Situation, s.MaxRounds, s.Volleys)
	for i, sd := range s.Sides {
		p.f("Side %d: %s, %s%s\n", i+1, sd.Player, sd.Role, sideOptions(&sd))
		if l := sd.Leader; l != nil {
			aboard := l.Ship
			if aboard == "" {
				aboard = "the flagship"
			}
			p.f("  leader %s, space leadership %d (boost %d, weaken %d), aboard %s\n", l.Name, l.Leadership, l.Boost, l.Weaken, aboard)
		}
		for _, sq := range sd.Squadrons {
			names := make([]string, len(sq.Ships))
			for j, sh := range sq.Ships {
				names[j] = sh.ID + " " + string(sh.Class)
				if d := sh.Damage; d != (Damage{}) {
					names[j] += " (" + damageText(d) + ")"
				}
			}
			held := ""
			if sq.Held {
				held = " (held: may not break off)"
			}
			p.f("  squadron %s%s: %s\n", sq.ID, held, strings.Join(names, ", "))
		}
	}
}

func sideOptions(sd *Side) string {
	var opts []string
	if sd.Jumped {
		opts = append(opts, "jumped in")
	}
	if sd.Dispersal {
		opts = append(opts, "in dispersal")
	}
	if sd.Withdraw != WithdrawMorale {
		opts = append(opts, "withdraws "+string(sd.Withdraw))
	}
	if sd.WithdrawAtLoss > 0 {
		opts = append(opts, fmt.Sprintf("withdraws at %d%% losses", sd.WithdrawAtLoss))
	}
	if sd.Range == RangeHold {
		opts = append(opts, "holds the range")
	}
	if sd.Impulse {
		opts = append(opts, "breaks off by impulse")
	}
	if len(opts) == 0 {
		return ""
	}
	return ", " + strings.Join(opts, ", ")
}

func damageText(d Damage) string {
	var parts []string
	for _, v := range []struct {
		name string
		n    int
	}{{"structure", d.Structure}, {"attack", d.Attack}, {"sensor", d.Sensor}, {"speed", d.Speed}} {
		if v.n > 0 {
			parts = append(parts, fmt.Sprintf("%s -%d", v.name, v.n))
		}
	}
	return strings.Join(parts, ", ")
}

func (p *printer) round(r Round) {
	if r.N == 0 {
		if len(r.Events) > 0 {
			p.f("Before the battle\n")
		}
	} else {
		p.f("Round %d, range %s (Def %+d)\n", r.N, r.Band, r.Band.Mod())
	}
	ev := r.Events
	for i := 0; i < len(ev); i++ {
		if ev[i].Kind == KindFire {
			i = p.fire(ev, i)
			continue
		}
		p.event(ev[i])
	}
}

// fire prints a KindFire event with the to-hit, damage and system dice
// that follow it, and returns the index of the last of them. It is the
// log's most printed line, so it writes numbers with strconv, not fmt.
func (p *printer) fire(ev []Event, i int) int {
	e := ev[i]
	j, hits := i+1, 0
	for ; j < len(ev); j++ {
		if k := ev[j].Kind; k != KindToHit && k != KindDamage && k != KindSystem {
			break
		}
		if ev[j].Kind == KindToHit && ev[j].What == ResultHit {
			hits++
		}
	}
	dice := ev[i+1 : j]
	p.s("    ", e.Who, " fires ")
	p.n(e.N)
	p.s(" d")
	p.n(e.Die)
	p.s(" at ", e.Target, ", needing ")
	p.n(e.Need)
	if e.Mod > 0 {
		p.s(", bypass ")
		p.n(e.Mod)
	}
	p.s(": ")
	first := true
	for _, d := range dice {
		if d.Kind != KindToHit {
			continue
		}
		if !first {
			p.s(" ")
		}
		first = false
		p.n(d.Roll)
		if d.What == ResultHit {
			p.s("*")
		}
	}
	p.s(" (", plural(hits, "hit"), ")\n")
	open := false
	for _, d := range dice {
		switch d.Kind {
		case KindDamage:
			if open {
				p.s("\n")
			}
			open = true
			p.s("      hit: d")
			p.n(d.Die)
			p.s(" ")
			p.n(d.Roll)
			p.s(" vs armor ")
			p.n(d.Need)
			p.s(": ", d.What.String())
			// the structure it takes (B5), which the system dice that
			// follow do not say
			if n := damageTable(int(d.Roll), int(d.Need)).structure; n > 0 {
				p.s(", structure ")
				p.n(int32(n))
			}
		case KindSystem:
			p.s(", ", d.What.String(), " (d6 ")
			p.n(d.Roll)
			p.s(")")
		}
	}
	if open {
		p.s("\n")
	}
	return j - 1
}

// s writes strings to the log.
func (p *printer) s(parts ...string) {
	for _, s := range parts {
		p.w.WriteString(s)
	}
}

// n writes a number to the log.
func (p *printer) n(v int32) {
	p.w.Write(strconv.AppendInt(p.num[:0], int64(v), 10))
}

func (p *printer) event(e Event) {
	switch e.Kind {
	case KindArrival:
		p.f("  %s rolls d6 %d to arrive: round %d\n", p.squadron(e), e.Roll, e.N)
	case KindShift:
		if e.What == ResultLeader {
			p.f("  the leader brings %s in at round %d\n", p.squadron(e), e.N)
		} else {
			p.f("  %s moves to round %d, the first free one\n", p.squadron(e), e.N)
		}
	case KindGroup:
		p.f("  %s waits in %s\n", e.Who, e.Target)
	case KindDispersal:
		if e.Die > 0 {
			p.f("  d%d %d: %s joins in round %d\n", e.Die, e.Roll, p.squadron(e), e.N)
		} else {
			p.f("  %s joins in round %d\n", p.squadron(e), e.N)
		}
	case KindSurprise:
		p.f("  surprise %s: 2d6 %d+%d%s = %d, surprised on %d or less: %s\n", e.Who, e.Roll, e.Roll2, modText(e.Mod), e.Roll+e.Roll2+e.Mod, e.Need, e.What)
	case KindJoin:
		p.f("  %s joins the battle\n", e.Who)
	case KindBreakOff:
		_, inactive := breakOffNeed(int(e.N))
		p.f("  %s breaks off: AF differential %+d, d10 %d%s = %d, needs %d or less (%d for ships not yet in): %s\n",
			p.squadron(e), e.N, e.Roll, modText(e.Mod), e.Roll+e.Mod, e.Need, inactive, e.What)
	default:
		p.event2(e)
	}
}

func (p *printer) event2(e Event) {
	switch e.Kind {
	case KindWarp:
		p.f("    %s is damaged: d6 %d, jumps on %d or less: %s\n", e.Who, e.Roll, e.Need, e.What)
	case KindDisengage:
		p.f("    %s disengages\n", e.Who)
	case KindRange:
		p.f("  the range closes to %s\n", Band(e.N))
	case KindVolley:
		p.f("  volley %d\n", e.N)
	case KindCascade:
		p.f("    %s has no %s left: structure instead\n", e.Target, e.What)
	case KindDestroyed:
		p.f("    %s is destroyed\n", e.Who)
	case KindCommandLost:
		if e.What == ResultFlagship {
			p.f("    %s lost the flagship %s: fire at 3/4 next round\n", e.Who, e.Target)
		} else {
			p.f("    %s lost its commander %s: fire at 1/2 next round\n", p.squadron(e), e.Target)
		}
	case KindCommander:
		if e.What == ResultFlagship {
			p.f("  %s names %s the flagship\n", e.Who, e.Target)
		} else {
			p.f("  %s names %s its commander\n", p.squadron(e), e.Target)
		}
	case KindOutOfCommand:
		p.f("  %s is out of command: fire at 1/2 from now on\n", e.Who)
	case KindPod:
		p.f("    %s's escape pod: d6 %d, gets away on %d or less: %s %s\n", e.Who, e.Roll, e.Need, e.What, e.Target)
	case KindMorale:
		p.f("  morale %s at %d: d12 %d%s = %d, withdraws on %d or more: %s\n", p.squadron(e), e.N, e.Roll, modText(e.Mod), e.Roll+e.Mod, e.Need, e.What)
	case KindLosses:
		p.f("  %s has lost %d%% of its attack, its limit is %d%%: %s\n", e.Who, e.N, e.Need, e.What)
	case KindCap:
		p.f("  round cap: %s withdraws, the %s\n", e.Who, e.What)
	case KindHeld:
		if e.What != ResultNothing {
			p.f("  round cap: %s is held and may not withdraw: it stays, and the %s\n", p.squadron(e), e.What)
		} else {
			p.f("  %s is held and may not break off: it stays and fights\n", p.squadron(e))
		}
	case KindTie:
		p.f("  round cap: %d sides tie for the most attack; d%d %d picks the one that holds\n", e.N, e.Die, e.Roll)
	default:
		panic(fmt.Sprintf("battle: no text for event kind %q", e.Kind))
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// squadron names a squadron or starfleet with its player: fleet ids are
// only unique within a navy.
func (p *printer) squadron(e Event) string {
	if sides := p.o.Setup.Sides; int(e.Side) < len(sides) {
		return string(sides[e.Side].Player) + " " + e.Who
	}
	return e.Who
}

func modText(m int32) string {
	if m == 0 {
		return ""
	}
	return fmt.Sprintf("%+d", m)
}

func (p *printer) result() {
	o := p.o
	switch {
	case o.Winner != "":
		p.f("Result: %s holds the field after %d rounds", o.Winner, o.Rounds)
	default:
		p.f("Result: nobody holds the field after %d rounds", o.Rounds)
	}
	if o.CapReached {
		p.f(" (round cap)")
	}
	p.f("\nLosses\n")
	p.f("  %-16s %5s %9s %10s %8s %6s\n", "side", "ships", "destroyed", "disengaged", "crippled", "intact")
	for i, sd := range o.Setup.Sides {
		c := map[Fate]int{}
		n := 0
		for _, s := range o.Ships {
			if s.Side == i {
				c[s.Fate]++
				n++
			}
		}
		p.f("  %-16s %5d %9d %10d %8d %6d\n", sd.Player, n, c[FateDestroyed], c[FateDisengaged], c[FateCrippled], c[FateIntact])
	}
	p.f("Ships\n")
	for _, s := range o.Ships {
		fate := string(s.Fate)
		if s.Round > 0 {
			fate += fmt.Sprintf(" in round %d", s.Round)
		}
		line := fmt.Sprintf("  %-12s %-14s %-12s %-24s %s", s.Ship, s.Class, s.Player, fate, damageText(s.Damage))
		p.f("%s\n", strings.TrimRight(line, " "))
	}
	for _, l := range o.Leaders {
		line := fmt.Sprintf("  leader %s: %s", l.Name, l.Fate)
		switch {
		case l.Ship != "":
			line += ", aboard " + l.Ship
		case l.CapturedBy != "":
			line += " by " + string(l.CapturedBy)
		}
		p.f("%s\n", line)
	}
}
