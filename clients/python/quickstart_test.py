"""The README's Python quickstart, run by client_test.go against a real server.

namespace -> ingest -> committed -> retrieve -> its feedback -> answer -> feedback ->
quarantine -> listed, not retrieved -> restore, through the generated client only. EVOKG_URL, EVOKG_API_KEY and EVOKG_NAMESPACE name the
server, a key (scopes admin, memory:read, memory:write) and a fresh namespace.
"""

import os
import time
import unittest

from evokg_client import AuthenticatedClient
from evokg_client.api.experiences import (
    get_experience,
    ingest_experience,
    list_experience_utility,
    quarantine_experience,
    restore_experience,
)
from evokg_client.api.namespaces import create_namespace
from evokg_client.api.retrieval import answer, feedback, retrieval_feedback, retrieve
from evokg_client.models import (
    AnswerRequest,
    AnswerResponse,
    ExperienceInput,
    ExperienceInputEvaluation,
    FeedbackRequest,
    FeedbackResponse,
    IngestReceipt,
    ListExperienceUtilityState,
    MemoryState,
    Namespace,
    NamespaceCreate,
    Outcome,
    Problem,
    RetrievalFeedbackResponse,
    RetrieveRequest,
    RetrieveResponse,
    StateChange,
    StoredExperience,
    Utility,
    UtilityPage,
)

COMMIT_TIMEOUT = 60.0  # seconds an ingested experience may take to commit


class Quickstart(unittest.TestCase):
    def test_quickstart(self):
        ns = os.environ["EVOKG_NAMESPACE"]
        client = AuthenticatedClient(base_url=os.environ["EVOKG_URL"], token=os.environ["EVOKG_API_KEY"])
        with client as c:
            created = create_namespace.sync(client=c, body=NamespaceCreate(name=ns, description="quickstart"))
            self.assertIsInstance(created, Namespace, created)

            receipt = ingest_experience.sync(
                ns,
                client=c,
                idempotency_key="quickstart-1",
                body=ExperienceInput(
                    task_type="arithmetic",
                    outcome=Outcome.SUCCESS_MEMORY,
                    question="What is 17 + 25?",
                    answer="42",
                    chain_of_thought="17 + 25 = 42",
                    signature=["parse_numbers", "add"],
                    evaluation=ExperienceInputEvaluation(correct=1, efficient=1, complete=1),
                ),
            )
            self.assertIsInstance(receipt, IngestReceipt, receipt)
            self.wait_committed(c, ns, receipt.id)

            pack = retrieve.sync(ns, client=c, body=RetrieveRequest(question="What is 17 + 26?", task_type="arithmetic"))
            self.assertIsInstance(pack, RetrieveResponse, pack)
            self.assertIn(receipt.id, [m.experience_id for m in pack.memories])
            self.assertTrue(pack.prompt)
            rfb = retrieval_feedback.sync(ns, pack.id, client=c, body=FeedbackRequest(reward=1))
            self.assertIsInstance(rfb, RetrievalFeedbackResponse, rfb)
            self.assertEqual(pack.id, rfb.retrieval_id)
            self.assertEqual(pack.strategy, rfb.updated[0].arm)

            ans = answer.sync(ns, client=c, body=AnswerRequest(question="What is 17 + 26?", task_type="arithmetic"))
            self.assertIsInstance(ans, AnswerResponse, ans)
            self.assertEqual(ans.memory_ids, [m.id for m in ans.memories])
            fb = feedback.sync(ns, ans.id, client=c, body=FeedbackRequest(reward=1))
            self.assertIsInstance(fb, FeedbackResponse, fb)
            self.assertEqual(ans.id, fb.answer_id)

            again = feedback.sync(ns, ans.id, client=c, body=FeedbackRequest(reward=1))
            self.assertIsInstance(again, Problem, "a second reward is a 409 problem")
            self.assertEqual(409, again.status)

            out = quarantine_experience.sync(ns, receipt.id, client=c, body=StateChange(reason="wrong sum"))
            self.assertIsInstance(out, Utility, out)
            self.assertEqual(MemoryState.QUARANTINED, out.state)
            page = list_experience_utility.sync(ns, client=c, state=ListExperienceUtilityState.QUARANTINED)
            self.assertIsInstance(page, UtilityPage, page)
            self.assertEqual([receipt.id], [u.id for u in page.items])
            pack = retrieve.sync(ns, client=c, body=RetrieveRequest(question="What is 17 + 26?", task_type="arithmetic"))
            self.assertNotIn(receipt.id, [m.experience_id for m in pack.memories])
            back = restore_experience.sync(ns, receipt.id, client=c, body=StateChange(reason="checked again"))
            self.assertIsInstance(back, Utility, back)
            self.assertEqual(MemoryState.ACTIVE, back.state)

    def wait_committed(self, c, ns, experience_id):
        deadline = time.monotonic() + COMMIT_TIMEOUT
        while True:
            stored = get_experience.sync(ns, experience_id, client=c)
            self.assertIsInstance(stored, StoredExperience, stored)
            if stored.status.value == "committed":
                return
            self.assertNotEqual("failed", stored.status.value, stored.status_reason)
            self.assertLess(time.monotonic(), deadline, f"not committed after {COMMIT_TIMEOUT}s: {stored.status}")
            time.sleep(0.05)  # poll interval while waiting on the committed status


if __name__ == "__main__":
    unittest.main()
