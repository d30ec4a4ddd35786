package campaign

import (
	"fmt"
	"strings"
)

// Season is one of the four seasonal turns of a campaign year (EaW 2.0).
type Season int

// The seasons in turn order.
const (
	Spring Season = iota
	Summer
	Fall
	Winter
)

var seasonNames = [...]string{"spring", "summer", "fall", "winter"}

// String returns the season's lower-case name.
func (s Season) String() string {
	if s < Spring || s > Winter {
		return fmt.Sprintf("season(%d)", int(s))
	}
	return seasonNames[s]
}

// ParseSeason reads a season name, case-insensitively.
func ParseSeason(s string) (Season, error) {
	for i, n := range seasonNames {
		if strings.EqualFold(s, n) {
			return Season(i), nil
		}
	}
	return 0, fmt.Errorf("unknown season %q (want spring, summer, fall or winter)", s)
}

// MarshalText writes the season's name.
func (s Season) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a season's name.
func (s *Season) UnmarshalText(b []byte) error {
	v, err := ParseSeason(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Date is a campaign date: a year and a season. Campaigns start in Y165
// spring by default (EaW 2d).
type Date struct {
	Year   int    `json:"year"`
	Season Season `json:"season"`
}

// Next returns the following seasonal turn; after winter comes the New Year
// (EaW 2.0 step VII).
func (d Date) Next() Date {
	if d.Season == Winter {
		return Date{Year: d.Year + 1, Season: Spring}
	}
	return Date{Year: d.Year, Season: d.Season + 1}
}

// String formats the date as "Y165 spring".
func (d Date) String() string { return fmt.Sprintf("Y%d %s", d.Year, d.Season) }

// DateOfTurn returns the date of turn n, where turn 1 is start.
func DateOfTurn(start Date, n int) Date {
	seasons := int(start.Season) + n - 1
	return Date{Year: start.Year + seasons/4, Season: Season(seasons % 4)}
}
