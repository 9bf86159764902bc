package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/record"
)

// pairs is a tournament of doubles' pairs: the Domain's methods of this file, apart.
type pairs struct{ *Domain }

// PartnerStore keeps the partners of a tournament of doubles
// (internal/store implements it); a store that does not keeps singles
// only.
type PartnerStore interface {
	AddTournamentPartner(ctx context.Context, p carrom.TournamentPartner) error
	TournamentPartners(ctx context.Context, id string) (map[int]carrom.TournamentPartner, error)
}

// pairBody is an entrant of a tournament of doubles: its first player as
// a singles entrant, and its partner.
type pairBody struct {
	playerBody
	Partner *partnerBody `json:"partner"`
}

type partnerBody struct {
	Account string `json:"account"`
	Name    string `json:"name"`
}

// decodeEntrant reads an entrant: a player in a tournament of singles, a
// pair (a player and a "partner", each an account by its name or a guest
// by name) in one of doubles.
func decodeEntrant(data []byte, singles bool) (playerBody, *partnerBody, error) {
	if singles {
		b, err := decodePlayer(data)
		return b, nil, err
	}
	var pb pairBody
	if err := record.DecodeJSON(data, &pb); err != nil {
		return playerBody{}, nil, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	first, err := json.Marshal(pb.playerBody)
	if err != nil {
		return playerBody{}, nil, err
	}
	b, err := decodePlayer(first)
	if err != nil {
		return b, nil, err
	}
	p := pb.Partner
	if p == nil {
		return b, nil, httpapi.Refuse(ErrBad, "partner: missing: a tournament of doubles enters pairs, {\"partner\": {\"account\": NAME}} or {\"partner\": {\"name\": NAME}}")
	}
	p.Account = strings.TrimSpace(p.Account)
	switch {
	case p.Account != "" && strings.TrimSpace(p.Name) != "":
		return b, nil, httpapi.Refuse(ErrBad, "partner: give an account's name or a guest's name, not both")
	case p.Account == "" && strings.TrimSpace(p.Name) == "":
		return b, nil, httpapi.RefuseCoded(ErrBad, "partner_missing", nil, "partner.name: missing")
	case p.Account == "":
		if p.Name, err = text("partner.name", p.Name, true); err != nil {
			return b, nil, err
		}
	default:
		p.Name = ""
	}
	return b, p, nil
}

// partners are the partners of tournament id's pairs, none if its store
// keeps none.
func (d pairs) partners(ctx context.Context, id string) (map[int]carrom.TournamentPartner, error) {
	ps, ok := d.env.Store.(PartnerStore)
	if !ok {
		return nil, nil
	}
	return ps.TournamentPartners(ctx, id)
}

// entered says which entrant account id plays in, as a player or a
// partner.
func (s *state) entered(id string) (int, bool) {
	for _, o := range s.players {
		if o.Account == id {
			return o.Num, true
		}
	}
	for n, o := range s.partners {
		if o.Account == id {
			return n, true
		}
	}
	return 0, false
}

// enterable is the account named name, if it may enter the tournament:
// it exists and plays in no entrant yet.
func (d pairs) enterable(ctx context.Context, s *state, name string) (account.Account, error) {
	a, err := d.env.Accounts.AccountByName(ctx, name)
	if errors.Is(err, carrom.ErrNotFound) {
		return a, httpapi.RefuseCoded(ErrBad, "no_player", map[string]any{"Name": name}, "no player is named %q", name)
	}
	if err != nil {
		return a, err
	}
	if n, ok := s.entered(a.ID); ok {
		return a, httpapi.RefuseCoded(ErrConflict, "entered_already", map[string]any{"Name": a.Name, "Player": n}, "%s is entered already, as player %d", a.Name, n)
	}
	return a, nil
}

// partner is the partner of a pair whose first player is the account
// first ("" a guest), checked as the first player is.
func (d pairs) partner(ctx context.Context, s *state, b partnerBody, first string) (carrom.TournamentPartner, error) {
	pt := carrom.TournamentPartner{Tournament: s.t.ID, Name: b.Name}
	if _, ok := d.env.Store.(PartnerStore); !ok {
		return pt, httpapi.RefuseCoded(ErrConflict, "no_pairs", nil, "this server keeps no pairs: a tournament of doubles cannot be entered")
	}
	if b.Account == "" {
		return pt, nil
	}
	a, err := d.enterable(ctx, s, b.Account)
	if err != nil {
		return pt, err
	}
	if a.ID == first {
		return pt, httpapi.RefuseCoded(ErrBad, "partner_self", map[string]any{"Name": a.Name}, "%s cannot partner themselves", a.Name)
	}
	pt.Account, pt.Name = a.ID, a.Name
	return pt, nil
}

// seats are the accounts of the players of match m in seat order, sides
// taking turns (side = seat % 2, RULES doubles: partners sit opposite):
// the two players of a singles match, or the first players then the
// partners of a doubles one; ok false if one of them is a guest.
func (s *state) seats(m carrom.TournamentMatch) ([]string, bool) {
	pa, _ := s.player(m.A)
	pb, _ := s.player(m.B)
	ids := []string{pa.Account, pb.Account}
	if !s.t.Singles {
		ids = append(ids, s.partners[m.A].Account, s.partners[m.B].Account)
	}
	return ids, !slices.Contains(ids, "")
}

// seatNames are the names of the players of match m in seat order, as
// seats orders their accounts.
func (s *state) seatNames(m carrom.TournamentMatch) []string {
	pa, _ := s.player(m.A)
	pb, _ := s.player(m.B)
	names := []string{pa.Name, pb.Name}
	if !s.t.Singles {
		names = append(names, s.partners[m.A].Name, s.partners[m.B].Name)
	}
	return names
}

// accountsOf are the accounts of ids, in order.
func (d pairs) accountsOf(ctx context.Context, ids []string) ([]account.Account, error) {
	out := make([]account.Account, len(ids))
	for i, id := range ids {
		a, err := d.env.Accounts.AccountByID(ctx, id)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}
