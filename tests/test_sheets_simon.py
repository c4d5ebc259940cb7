"""Simon Système's sheet and the Réserve du meneur: the book's examples from Ysil's and Urlk's sheets,
a roll from a sheet equal to the same roll typed by hand, heroism and porte-poisse written back."""

from __future__ import annotations

from itertools import permutations

import pytest
from helpers import answer_ok, answer_refused, example_sheet, without_sheets
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import get_roller

YSIL = example_sheet("simon", "Ysil")
URLK = example_sheet("simon", "Urlk")
RESERVE = answer_ok({"op": "sheet_examples", "jeu": "simon"})["reserve"]


def roll(roller: str, params: dict, dice: list | None = None, **sheets) -> dict:
    request = {"op": "roll", "roller": roller, "params": params, **sheets}
    request.update({"dice": dice} if dice is not None else {"seed": 1})
    return answer_ok(request)


# ----------------------------------------------------------------------
# The book's examples (003), from the example sheets
# ----------------------------------------------------------------------


def test_ysils_foreign_language_is_expertise_7_professionnel():
    res = roll("simon.jet", {"competence": "Langue étrangère"}, fiche=YSIL)
    assert res["expertise"] == 7 and res["niveau_personnage"] == "Professionnel"
    (record,) = [r for r in res["remplissage"] if r["parametre"] == "expertise"]
    assert record["texte"].startswith(
        "Valeur d’expertise : Langue étrangère 5 + 2 (INT au-dessus de la normale) = 7".replace(" :", "\u00a0:")
    )


def test_ysil_with_her_connaissance_named_instead():
    res = roll("simon.jet", {"competence": "Langue étrangère", "caracteristique_liee": "co"}, fiche=YSIL)
    assert res["expertise"] == 5
    answer_refused(
        {
            "op": "roll",
            "roller": "simon.jet",
            "fiche": YSIL,
            "params": {"competence": "Langue étrangère", "caracteristique_liee": "CON"},
        },
        "caracteristique_liee",
    )


@pytest.mark.parametrize("level, seuil", [("normale", 15), ("heroique", 13)])
def test_ysil_wakes_up_on_her_constitution(level, seuil):
    sheet = {
        **YSIL,
        "caracteristiques": [
            {**c, "niveau": level} if c["abreviation"] == "CON" else c for c in YSIL["caracteristiques"]
        ],
    }
    for named in ("CON", "constitution", " con "):
        res = roll("simon.jet", {"caracteristique": named, "modificateur": 3}, fiche=sheet)
        assert res["notation_seuil"] == f"3({seuil})"
    assert (
        roll("simon.jet", {"caracteristique": "normale", "modificateur": 3}, fiche=sheet)["notation_seuil"] == "3(15)"
    )


def test_urlk_amateur_with_two_against_debutant_needs_3_17():
    res = roll("simon.jet", {"competence": "négociation", "niveau": "debutant", "modificateur": 2}, fiche=URLK)
    assert res["notation_seuil"] == "3(17)"


def test_ysil_helps_urlk_who_then_needs_3_19():
    aide = roll("simon.aide", {"competence": "Négociation", "niveau": "debutant"}, [1, 8, 2, 12, 9], fiche=YSIL)
    assert aide["seuil"] == 11 and aide["modificateur"] == 2
    res = roll(
        "simon.jet",
        {"competence": "Négociation", "niveau": "debutant", "modificateur": 2 + aide["modificateur"]},
        fiche=URLK,
    )
    assert res["notation_seuil"] == "3(19)"


def test_ysils_negociation_is_attached_to_nothing_as_in_the_book():
    res = roll("simon.jet", {"competence": "Négociation", "niveau": "debutant"}, fiche=YSIL)
    assert res["notation_seuil"] == "3(11)"


# ----------------------------------------------------------------------
# A roll from a sheet is the same roll typed by hand
# ----------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(
    value=st.integers(0, 40),
    int_level=st.sampled_from(["tres-faible", "faible", "normale", "au-dessus", "heroique"]),
    points=st.integers(0, 40),
    heroisme=st.integers(0, 3),
    niveau=st.sampled_from([None, "amateur", "expert"]),
    seed=st.integers(0, 1000),
)
def test_a_jet_from_the_sheet_equals_the_same_jet_typed_by_hand(value, int_level, points, heroisme, niveau, seed):
    sheet = {
        **YSIL,
        "caracteristiques": [{"nom": "Intelligence", "abreviation": "INT", "niveau": int_level}],
        "competences": [{"nom": "Alchimie", "valeur": value, "caracteristiques": ["INT"]}],
        "heroisme": {"points": points, "depart": 20},
    }
    expertise = min(max(value + YSIL["modificateurs"][int_level], 0), 40)  # the roller reads 0 to 40
    heroisme = min(heroisme, points)
    common = {"heroisme": heroisme, **({"niveau": niveau} if niveau else {})}
    from_sheet = answer_ok(
        {
            "op": "roll",
            "roller": "simon.jet",
            "fiche": sheet,
            "params": {**common, "competence": "alchimie"},
            "seed": seed,
        }
    )
    typed = answer_ok(
        {
            "op": "roll",
            "roller": "simon.jet",
            "params": {**common, "expertise": expertise, "points": points, "points_depart": 20},
            "seed": seed,
        }
    )
    assert without_sheets(from_sheet) == typed


def test_an_opposition_from_two_sheets_equals_the_same_opposition_typed():
    params = {
        "competence_a": "Négociation",
        "competence_b": "Négociation",
        "niveau_a": "debutant",
        "niveau_b": "debutant",
    }
    dice = [20, 14, 1, 12, 3, 9, 11, 1, 20, 5]
    from_sheets = roll("simon.opposition", params, dice, fiche=YSIL, fiche_b=URLK)
    typed = roll(
        "simon.opposition",
        {
            "expertise_a": 3,
            "expertise_b": 1,
            "niveau_a": "debutant",
            "niveau_b": "debutant",
            "points_a": 20,
            "points_b": 20,
            "points_depart_a": 20,
            "points_depart_b": 20,
        },
        dice,
    )
    assert without_sheets(from_sheets) == typed


# ----------------------------------------------------------------------
# Heroism and porte-poisse written back
# ----------------------------------------------------------------------


@pytest.mark.parametrize("dice", sorted(set(permutations([20, 1, 20, 7, 7]))))
def test_heroism_at_the_cap_with_a_20_and_a_1_is_the_same_whatever_the_order(dice):
    sheet = {**URLK, "heroisme": {"points": 40, "depart": 20}}
    res = roll(
        "simon.jet", {"competence": "Négociation", "niveau": "debutant"}, list(dice), fiche=sheet, reserve=RESERVE
    )
    assert res["fiche"]["heroisme"] == {"points": 40, "depart": 20}  # 40 + 2 - 1 = 41, kept at twice the start
    assert res["reserve"]["porte_poisse"] == 11  # the meneur gains the 1 in any case


@pytest.mark.parametrize(
    "dice, heroisme, points, after, porte_poisse",
    [
        ([20, 9, 9, 9, 9], 0, 20, 21, 10),
        ([1, 9, 9, 9, 9], 0, 20, 19, 11),
        ([1, 1, 9, 9, 9], 0, 0, 0, 12),  # at 0 heroism the meneur still gains his points
        ([1, 20, 20, 9, 9, 9], 1, 5, 5, 11),  # 5 - 1 (a die before the roll) + 2 - 1
        ([9, 9, 9, 9, 9, 9, 9, 9], 3, 3, 0, 10),
    ],
)
def test_heroism_spent_won_and_lost_and_each_1_into_the_reserve(dice, heroisme, points, after, porte_poisse):
    sheet = {**URLK, "heroisme": {"points": points, "depart": 20}}
    res = roll("simon.jet", {"competence": "Négociation", "heroisme": heroisme}, dice, fiche=sheet, reserve=RESERVE)
    assert res["points"] == after and res["fiche"]["heroisme"]["points"] == after
    assert res["reserve"]["porte_poisse"] == porte_poisse
    changes = {c["cible"]: c for c in res["modifications"]}
    if after != points:
        assert changes["fiche"]["ecart"] == after - points and changes["fiche"]["champ"] == "heroisme.points"
    if porte_poisse != 10:
        assert (
            changes["reserve"]["ecart"] == porte_poisse - 10
            and "porte-poisse pour le meneur" in changes["reserve"]["raison"]
        )


def test_a_die_added_after_the_roll_costs_two_points_and_its_1_goes_to_the_reserve():
    sheet = {**URLK, "heroisme": {"points": 10, "depart": 20}}
    first = roll("simon.jet", {"competence": "Négociation"}, [9, 9, 9, 9, 9], fiche=sheet, reserve=RESERVE)
    assert first["modifications"] == [] and first["fiche"]["heroisme"]["points"] == 10
    added = answer_ok(
        {
            "op": "action",
            "roller": "simon.jet",
            "action": "ajouter_de",
            "state": first["etat"],
            "fiche": first["fiche"],
            "reserve": first["reserve"],
            "dice": [1],
        }
    )
    changes = {c["cible"]: c for c in added["modifications"]}
    assert changes["fiche"]["ecart"] == -3 and added["fiche"]["heroisme"]["points"] == 7  # -2 for the die, -1 for its 1
    assert "dé ajouté après le jet" in changes["fiche"]["raison"] and "20 -" not in changes["fiche"]["raison"]
    assert changes["reserve"]["ecart"] == 1 and added["reserve"]["porte_poisse"] == 11
    again = answer_ok(
        {
            "op": "action",
            "roller": "simon.jet",
            "action": "ajouter_de",
            "state": added["etat"],
            "fiche": added["fiche"],
            "reserve": added["reserve"],
            "dice": [20],
        }
    )
    assert again["fiche"]["heroisme"]["points"] == 6 and again["reserve"]["porte_poisse"] == 11  # 7 - 2 + 1


def test_a_pnj_in_an_opposition_rolls_for_the_meneur_and_writes_nothing_back():
    gobelin = {**URLK, "id": "gobelin", "nom": "Gobelin", "type": "pnj"}
    res = roll(
        "simon.opposition",
        {"competence_a": "Négociation", "competence_b": "Négociation"},
        [1, 9, 9, 9, 9, 1, 1, 20, 9, 9],
        fiche=YSIL,
        fiche_b=gobelin,
        reserve=RESERVE,
    )
    if "qui_b" in {p.name for p in get_roller("simon.opposition").params}:  # RULES.md: who rolls, and her pool
        assert res["parametres"]["qui_b"] == "meneur" and res["parametres"]["points_b"] == 10  # the Réserve's
    else:
        assert res["parametres"]["points_b"] is None  # the meneur's character: not followed as a player's
    assert res["fiche_b"] == gobelin
    assert res["reserve"]["porte_poisse"] == 11  # Ysil's one 1; the PNJ's two 1s give nothing
    assert res["fiche"]["heroisme"]["points"] == 19


def test_an_opposition_follow_up_writes_back_the_side_that_added_a_die():
    res = roll(
        "simon.opposition",
        {"competence_a": "Négociation", "competence_b": "Négociation"},
        [9, 9, 9, 9, 9, 9, 9, 9, 9, 9],
        fiche=YSIL,
        fiche_b=URLK,
        reserve=RESERVE,
    )
    added = answer_ok(
        {
            "op": "action",
            "roller": "simon.opposition",
            "action": "ajouter_de",
            "state": res["etat"],
            "params": {"camp": "b"},
            "fiche": res["fiche"],
            "fiche_b": res["fiche_b"],
            "reserve": res["reserve"],
            "dice": [1],
        }
    )
    assert added["fiche"]["heroisme"]["points"] == 20 and added["fiche_b"]["heroisme"]["points"] == 17
    assert added["reserve"]["porte_poisse"] == 11


def test_names_and_choices():
    choices = answer_ok({"op": "sheet_choices", "roller": "simon.jet", "fiche": YSIL})["choix"]
    assert choices["competence"][0]["valeur"] == "Langue étrangère" and choices["competence"][0]["nombre"] == 7
    assert "Professionnel" in choices["competence"][0]["libelle"]
    assert [c["valeur"] for c in choices["caracteristique"]] == ["Intelligence", "Connaissance", "Constitution"]
    error = answer_refused(
        {"op": "roll", "roller": "simon.jet", "fiche": URLK, "params": {"competence": "Escalade"}}, "competence"
    )
    assert "Négociation" in error
    answer_refused(
        {
            "op": "roll",
            "roller": "simon.jet",
            "fiche": YSIL,
            "params": {"competence": "Négociation", "caracteristique": "INT"},
        },
        "competence",
    )
    answer_refused({"op": "roll", "roller": "simon.jet", "params": {"competence": "Négociation"}}, "competence")
    answer_refused(
        {"op": "roll", "roller": "simon.jet", "fiche": YSIL, "params": {"caracteristique": "FOR"}}, "caracteristique"
    )


# ----------------------------------------------------------------------
# Who rolls (RULES.md, « Decisions after the second audit »): the meneur's pool is the Réserve
# ----------------------------------------------------------------------

GOBELIN = {**URLK, "id": "gobelin", "nom": "Gobelin", "type": "pnj"}


def test_a_pnj_rolls_for_the_meneur_and_spends_the_reserves_porte_poisse():
    res = roll(
        "simon.jet",
        {"competence": "Négociation", "heroisme": 2},
        [1, 20, 9, 9, 9, 9, 9],
        fiche=GOBELIN,
        reserve=RESERVE,
    )
    assert res["parametres"]["qui"] == "meneur" and res["parametres"]["points"] == 10
    assert res["reserve"]["porte_poisse"] == 8  # two dice before the roll; her own 20 and 1 change nothing
    assert res["fiche"] == GOBELIN
    added = answer_ok(
        {
            "op": "action",
            "roller": "simon.jet",
            "action": "ajouter_de",
            "state": res["etat"],
            "fiche": res["fiche"],
            "reserve": res["reserve"],
            "dice": [20],
        }
    )
    assert added["reserve"]["porte_poisse"] == 6 and [c["cible"] for c in added["modifications"]] == ["reserve"]


def test_a_helpers_heroism_is_written_back_like_a_jets():
    res = roll(
        "simon.aide",
        {"competence": "Négociation", "niveau": "debutant", "heroisme": 1},
        [20, 1, 1, 12, 9, 9],
        fiche=YSIL,
        reserve=RESERVE,
    )
    assert res["fiche"]["heroisme"]["points"] == 18  # 20 - 1 + 1 - 2
    assert res["reserve"]["porte_poisse"] == 12


def test_the_meneurs_side_of_an_opposition_receives_the_players_1s_in_the_reserve():
    res = roll(
        "simon.opposition",
        {"competence_a": "Négociation", "competence_b": "Négociation", "heroisme_b": 1},
        [1, 1, 9, 9, 9, 1, 20, 9, 9, 9, 9],
        fiche=YSIL,
        fiche_b=GOBELIN,
        reserve=RESERVE,
    )
    assert res["parametres"]["qui_b"] == "meneur"
    assert res["fiche"]["heroisme"]["points"] == 18  # Ysil's two 1s
    assert res["reserve"]["porte_poisse"] == 11  # 10 - 1 (the meneur's die before the roll) + 2 (Ysil's 1s)
    (change,) = [c for c in res["modifications"] if c["cible"] == "reserve"]
    assert change["ecart"] == 1 and res["fiche_b"] == GOBELIN


@pytest.mark.parametrize(
    "roller, params, sheets, field, conflict",
    [
        (
            "simon.jet",
            {"competence": "Négociation", "qui": "joueur"},
            {"fiche": GOBELIN},
            "qui",
            "« joueur » contredit",
        ),
        ("simon.aide", {"competence": "Négociation", "qui": "Joueur"}, {"fiche": GOBELIN}, "qui", "un PNJ"),
        ("simon.jet", {"competence": "Négociation", "qui": "meneur"}, {"fiche": YSIL}, "qui", "« meneur » contredit"),
        (
            "simon.opposition",
            {"competence_a": "Négociation", "competence_b": "Négociation", "qui_b": "joueur"},
            {"fiche": YSIL, "fiche_b": GOBELIN},
            "qui_b",
            "la fiche de Gobelin, un PNJ",
        ),
        (
            "simon.opposition",
            {"competence_a": "Négociation", "competence_b": "Négociation", "qui_a": "meneur"},
            {"fiche": YSIL, "fiche_b": GOBELIN},
            "qui_a",
            "la fiche d’Ysil, un PJ",
        ),
    ],
)
def test_who_rolls_is_the_sheets_and_a_qui_that_contradicts_it_is_refused_naming_the_conflict(
    roller, params, sheets, field, conflict
):
    """Issue 35 §3: a PNJ rolled « qui=joueur » said heroism 20 → 19, kept the sheet at 20 and gave the Réserve the
    meneur's own 1s; a PJ rolled « qui=meneur » was asked to « laisser vide » a value of its sheet. One rule now."""
    for op in ("roll", "odds"):
        request = {"op": op, "roller": roller, "params": params, "reserve": RESERVE, **sheets}
        if op == "roll":
            request["dice"] = [1] * (10 if roller == "simon.opposition" else 5)
        error = answer_refused(request, field)
        assert conflict in error.replace("\u00a0", " ").replace("\u202f", " ")
        assert "laissez ce champ vide" not in error


def test_who_rolls_left_empty_is_filled_from_the_sheet_and_said():
    pnj = roll("simon.jet", {"competence": "Négociation"}, [1, 1, 9, 9, 9], fiche=GOBELIN, reserve=RESERVE)
    pj = roll("simon.jet", {"competence": "Négociation"}, [1, 1, 9, 9, 9], fiche=URLK, reserve=RESERVE)
    assert (pnj["qui"], pj["qui"]) == ("meneur", "joueur")
    for res, who in ((pnj, "le meneur (Gobelin est un PNJ)"), (pj, "un joueur (Urlk est un PJ)")):
        (record,) = [r for r in res["remplissage"] if r["parametre"] == "qui"]
        assert record["source"] == "fiche" and record["texte"] == f"Qui lance\u00a0: {who}"
    # the PNJ's 1s are the meneur's: nothing on its sheet, nothing gained in the Réserve
    assert pnj["fiche"] == GOBELIN and pnj["reserve"]["porte_poisse"] == RESERVE["porte_poisse"]
    # the PJ's 1s: two points of heroism off her sheet, two for the Réserve
    assert pj["fiche"]["heroisme"]["points"] == 18 and pj["reserve"]["porte_poisse"] == RESERVE["porte_poisse"] + 2
    (record,) = [r for r in pnj["remplissage"] if r["parametre"] == "points"]
    assert record["texte"].endswith("de la Réserve du meneur")


@pytest.mark.parametrize("tied", ["constitution", "Constitution", " CON ", "con"])
def test_a_competence_is_tied_to_a_caracteristique_by_its_name_or_its_abbreviation(tied):
    """Issue 35 §6: « constitution » was refused where « CON » was required; the CLI takes both."""
    sheet = {**YSIL, "competences": [{"nom": "Escalade", "valeur": 6, "caracteristiques": [tied]}]}
    checked = answer_ok({"op": "sheet_check", "fiche": sheet})["fiche"]
    assert checked["competences"][0]["caracteristiques"] == ["CON"]  # kept by its abbreviation
    res = roll("simon.jet", {"competence": "Escalade"}, fiche=sheet)
    assert res["expertise"] == 6
    twice = {**YSIL, "competences": [{"nom": "Escalade", "valeur": 6, "caracteristiques": ["constitution", "CON"]}]}
    answer_refused({"op": "sheet_check", "fiche": twice}, "fiche.competences[0].caracteristiques")
    unknown = {**YSIL, "competences": [{"nom": "Escalade", "valeur": 6, "caracteristiques": ["force"]}]}
    error = answer_refused({"op": "sheet_check", "fiche": unknown}, "fiche.competences[0].caracteristiques[0]")
    assert "CON (Constitution)" in error


def test_a_roll_with_only_the_reserve_or_one_side_from_a_sheet_reads_its_parameters_left_out():
    """A roll's echo of its parameters writes null for those left out, and the write-back reads the pools from
    it (the table plays a player's roll again with only the meneur's Réserve; the meneuse opposes a received PJ
    to a side typed in). Null being no value in a request, the echo's null must still read as « left out »."""
    alone = roll("simon.jet", {"expertise": "4"}, [3, 4, 5, 6, 7], reserve=RESERVE)
    assert alone["reserve"] == RESERVE and alone["parametres"]["points_depart"] is None
    typed_b = roll(
        "simon.opposition", {"competence_a": "Négociation", "expertise_b": "7", "heroisme_a": "1"}, fiche=YSIL,
        reserve=RESERVE,
    )  # fmt: skip
    assert typed_b["fiche"]["heroisme"]["points"] < YSIL["heroisme"]["points"]
