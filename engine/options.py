"""Match options: each game declares them; `normalize` checks what a client sent."""
from dataclasses import dataclass
from typing import Any

from .protocol import BadSetup, Game, Options


@dataclass(frozen=True)
class Option:
    """One option: a default and either `choices` or an integer range."""

    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        if self.choices is not None:
            if value in self.choices and type(value) is type(self.default):
                return value
            allowed = ", ".join(_show(c) for c in self.choices)
            raise BadSetup("bad_option", f"Option '{name}' must be one of {allowed}.",
                           option=name, choices=list(self.choices))
        assert self.minimum is not None and self.maximum is not None, "an option has choices or a range"
        if type(value) is not int or not self.minimum <= value <= self.maximum:
            raise BadSetup("bad_option",
                           f"Option '{name}' must be a whole number from {self.minimum} to {self.maximum}.",
                           option=name, minimum=self.minimum, maximum=self.maximum)
        return value

    def describe(self) -> dict[str, Any]:
        """The option as the rules catalogue publishes it."""
        shape: dict[str, Any] = {"default": self.default, "description": self.description}
        if self.choices is not None:
            shape["choices"] = list(self.choices)
        else:
            shape.update(minimum=self.minimum, maximum=self.maximum)
        return shape


def normalize(game: Game, given: Options | None) -> Options:
    """Every option of `game`, defaults filled in; unknown names and bad values raise BadSetup."""
    given = given or {}
    unknown = sorted(set(given) - set(game.OPTIONS))
    if unknown:
        raise BadSetup("unknown_option", f"{game.NAME} has no option '{unknown[0]}'.", option=unknown[0])
    return {name: opt.check(name, given[name]) if name in given else opt.default
            for name, opt in game.OPTIONS.items()}


def check_seats(game: Game, seats: Any) -> int:
    """The seat count, if the game can be played by that many."""
    if type(seats) is not int or not game.MIN_SEATS <= seats <= game.MAX_SEATS:
        raise BadSetup("bad_seats", f"{game.NAME} is for {game.MIN_SEATS} to {game.MAX_SEATS} players.",
                       minimum=game.MIN_SEATS, maximum=game.MAX_SEATS)
    return seats


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
