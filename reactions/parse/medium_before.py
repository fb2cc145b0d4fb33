"""Whether the sentence right before a quotation puts it in another medium: ``In a blog post on Medium, Cooper said
he hopes …`` / ``"…," he wrote`` quotes the blog post, though the sentence before that said Cooper tweeted.

A quotation whose own sentence names no network and no post is judged by the two sentences before it
(:attr:`~reactions.parse.sentences.Surroundings.previous`); when the nearer of them names another medium
(:func:`~reactions.parse.post_cues.other_medium`: a blog, a letter, a statement, an article) and no post, the
quotation is that medium's, whatever the sentence before it says was posted.

Pure functions, linear time: one scan of the two sentences for their last sentence end, then the medium and post
patterns over the last sentence.
"""

from __future__ import annotations

from reactions.parse.post_cues import other_medium, post_cue, posted_before
from reactions.parse.sentence_ends import SENTENCE_END_RE

__all__ = ["medium_just_before"]


def medium_just_before(previous: str, *, posted: bool = False) -> bool:
    """Whether the last sentence of ``previous`` (the sentences before a quotation) names another medium and no post;
    ``posted``: ``posted_before(previous, …)`` said yes, so that a last sentence that is all of ``previous`` (a sentence
    that never ends) says posted too, and is not read again.

    >>> medium_just_before("Cooper tweeted on Tuesday. In a blog post on Medium, Cooper said he hopes for repeal.")
    True
    >>> medium_just_before("In a blog post, Cooper said he hopes for repeal. Later he tweeted about it.")
    False
    """
    last = previous
    for found in SENTENCE_END_RE.finditer(previous, 0, max(0, len(previous) - 1)):
        last = previous[found.end() :]
    if posted and len(last) == len(previous):
        return False  # (posted_before(previous, True) holds whenever posted_before(previous, False) does)
    return other_medium(last) and not post_cue(last) and not posted_before(last, picture=True)
