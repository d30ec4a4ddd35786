package eaw

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// KnownMap is the map as one player knows it (EaW 1a–1d, 5e): every system
// and lane of the campaign's map, with planet and map types only where the
// player has looked. It marshals as a campaign.Map.
//
// The views of one turn share one copy of the map without planet or map
// types, and each lays over it the sightings of its player's intel: a turn
// of 64 players on 2,000 systems would otherwise copy the map 64 times.
type KnownMap struct {
	base campaign.Map
	// seen are the player's sightings, by system ID: each gives its
	// system's planet and map type over base's.
	seen []campaign.Sighting
}

// NewKnownMap returns a map known as it is: every planet and map type in
// m, as a view read back from its JSON knows them.
func NewKnownMap(m campaign.Map) KnownMap { return KnownMap{base: m} }

// knownMaps makes the known maps of one state's views: each player's
// knownMap lays the player's intel over one blank copy of the map.
type knownMaps campaign.Map

func newKnownMaps(m campaign.Map) knownMaps {
	blank := campaign.Map{Systems: make([]campaign.System, len(m.Systems)), Lanes: m.Lanes}
	for i, s := range m.Systems {
		s.Planet, s.MapType = "", ""
		blank.Systems[i] = s
	}
	return knownMaps(blank)
}

// knownMap is the map as the player with this intel knows it.
func (k knownMaps) knownMap(intel *campaign.Intel) KnownMap {
	return KnownMap{base: campaign.Map(k), seen: intel.Systems}
}

// Systems returns every system, with its planet and map type where the
// player knows them; the slice is the caller's.
func (m KnownMap) Systems() []campaign.System {
	out := slices.Clone(m.base.Systems)
	if len(m.seen) == 0 {
		return out
	}
	for i := range out {
		k, ok := slices.BinarySearchFunc(m.seen, out[i].ID, func(s campaign.Sighting, id campaign.SystemID) int {
			return strings.Compare(string(s.System), string(id))
		})
		if ok {
			out[i].Planet, out[i].MapType = m.seen[k].Planet, m.seen[k].MapType
		}
	}
	return out
}

// Lanes returns every lane; the slice is shared: read it only.
func (m KnownMap) Lanes() []campaign.Lane { return m.base.Lanes }

// Map returns the map as the player knows it (Systems, Lanes).
func (m KnownMap) Map() campaign.Map { return campaign.Map{Systems: m.Systems(), Lanes: m.Lanes()} }

// MarshalJSON writes the map as the player knows it.
func (m KnownMap) MarshalJSON() ([]byte, error) { return json.Marshal(m.Map()) }

// UnmarshalJSON reads a map MarshalJSON wrote.
func (m *KnownMap) UnmarshalJSON(data []byte) error {
	var cm campaign.Map
	if err := json.Unmarshal(data, &cm); err != nil {
		return err
	}
	*m = NewKnownMap(cm)
	return nil
}
