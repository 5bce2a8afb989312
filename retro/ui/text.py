"""Text helpers for the kit: wrapping at word boundaries and hot-letter markup."""

from __future__ import annotations


def wrap(text: str, width: int) -> list[str]:
    """Break text into lines of at most ``width`` at spaces; never inside a word.

    Only a word longer than the whole width is split (there is no other way to show it).
    Newlines in the text start new lines; blank lines are kept.

        >>> wrap("you must play no 10 for the last trick", 12)
        ['you must', 'play no 10', 'for the last', 'trick']
        >>> wrap("abcdefghij k", 4)
        ['abcd', 'efgh', 'ij k']
    """
    if width < 1:
        raise ValueError("a wrapping width is at least 1")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            while len(word) > width:
                # Only a word longer than a whole line is split: fill the line it starts.
                room = width - len(line) - (1 if line else 0)
                if room <= 0:
                    lines.append(line)
                    line, room = "", width
                head, word = word[:room], word[room:]
                line = f"{line} {head}" if line else head
                lines.append(line)
                line = ""
            if not word:
                continue
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = f"{line} {word}"
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def hot_letter(label: str) -> tuple[str, int | None]:
    """Split Turbo Vision's ``~X~`` markup: the plain label and the hot letter's index.

        >>> hot_letter("~N~ew game")
        ('New game', 0)
        >>> hot_letter("Quit")
        ('Quit', None)
    """
    start = label.find("~")
    end = label.find("~", start + 1) if start >= 0 else -1
    if start < 0 or end < 0:
        return label, None
    plain = label[:start] + label[start + 1 : end] + label[end + 1 :]
    return plain, start
