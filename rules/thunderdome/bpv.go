package thunderdome

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/pbemd/pbemd/campaign"
)

// BPV is an amount of BPV, counted in hundredths. TD IV retains all
// fractions (UTD6.3F): the bank, income, prices and refunds are held
// exactly. Every price is a whole BPV of the catalogue, the scenario or
// the rules, and every share pbemd takes of one (a half, 10%, 20%, 25%,
// 30%) is a whole number of hundredths, so nothing is ever rounded. In
// JSON it is a decimal number, 71.5, read back without floats; a whole
// amount reads as it always did, so states saved before version 6 load
// unchanged.
type BPV int

// bpvUnit is the hundredths in one BPV.
const bpvUnit = 100

// whole is n whole BPV.
func whole(n int) BPV { return BPV(n) * bpvUnit }

// percent is pct percent of n whole BPV, exactly.
func percent(n, pct int) BPV { return BPV(n * pct) }

// half is half of n whole BPV, exactly (UTD6.3F: "retain all
// fractions").
func half(n int) BPV { return percent(n, 50) }

// String writes the amount as a decimal, without trailing zeros: "71.5",
// "179.8", "33.25", "100".
func (b BPV) String() string {
	sign := ""
	if b < 0 {
		sign, b = "-", -b
	}
	w, f := b/bpvUnit, b%bpvUnit
	switch {
	case f == 0:
		return fmt.Sprintf("%s%d", sign, w)
	case f%10 == 0:
		return fmt.Sprintf("%s%d.%d", sign, w, f/10)
	}
	return fmt.Sprintf("%s%d.%02d", sign, w, f)
}

// MarshalJSON writes the amount as a JSON number: 71.5.
func (b BPV) MarshalJSON() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalJSON reads a JSON number of at most two decimals, 71 or
// 71.5, exactly.
func (b *BPV) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	v, err := parseBPV(data)
	if err != nil {
		return fmt.Errorf("thunderdome: read BPV %s: %w", data, err)
	}
	*b = v
	return nil
}

// parseBPV reads a decimal of at most two decimals, with a sign.
func parseBPV(data []byte) (BPV, error) {
	neg := bytes.HasPrefix(data, []byte("-"))
	if neg {
		data = data[1:]
	}
	w, f, dot := bytes.Cut(data, []byte("."))
	if len(w) == 0 || len(f) > 2 || dot && len(f) == 0 || !digits(w) || !digits(f) {
		return 0, fmt.Errorf("not a number of BPV with at most two decimals")
	}
	n, err := strconv.Atoi(string(w))
	if err != nil {
		return 0, err
	}
	frac := 0
	for i := range 2 {
		frac *= 10
		if i < len(f) {
			frac += int(f[i] - '0')
		}
	}
	v := whole(n) + BPV(frac)
	if neg {
		v = -v
	}
	return v, nil
}

// digits reports whether s holds only decimal digits.
func digits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// bank is a player's bank (UTD4.3236): campaign.Player.Treasury holds
// its whole BPV, as it did before version 6, and Empire.BankFraction the
// hundredths below.
func (x *Ext) bank(st *campaign.State, p campaign.PlayerID) BPV {
	pl := st.Player(p)
	if pl == nil {
		return 0
	}
	b := whole(pl.Treasury)
	if e := x.empire(p); e != nil {
		b += e.BankFraction
	}
	return b
}

// setBank sets a player's bank.
func (x *Ext) setBank(st *campaign.State, p campaign.PlayerID, b BPV) {
	pl, e := st.Player(p), x.empire(p)
	if pl == nil || e == nil {
		return
	}
	w, f := b/bpvUnit, b%bpvUnit
	if f < 0 {
		w, f = w-1, f+bpvUnit
	}
	pl.Treasury, e.BankFraction = int(w), f
}

// deposit puts BPV into a player's bank, or, without a capital, with the
// income to spend on their turn or lose (UTD4.3236).
func (x *Ext) deposit(st *campaign.State, p campaign.PlayerID, b BPV) {
	e := x.empire(p)
	if e == nil {
		return
	}
	if e.Capital == "" {
		e.Unbanked += b
		return
	}
	x.setBank(st, p, x.bank(st, p)+b)
}
