"""Contains all the data models used in inputs/outputs"""

from .a_match_against_gold_exact_normalized import AMatchAgainstGoldExactNormalized
from .a_match_against_gold_exact_normalized_kind import AMatchAgainstGoldExactNormalizedKind
from .agent_ref import AgentRef
from .ajson_schema_json_schema import AJSONSchemaJsonSchema
from .ajson_schema_json_schema_kind import AJSONSchemaJsonSchemaKind
from .answer_mode import AnswerMode
from .answer_request import AnswerRequest
from .answer_request_mode import AnswerRequestMode
from .answer_request_search_arm import AnswerRequestSearchArm
from .answer_response import AnswerResponse
from .answer_spec import AnswerSpec
from .bandit_arm import BanditArm
from .bandit_arm_bandit import BanditArmBandit
from .bandit_state import BanditState
from .bandit_state_arms_item import BanditStateArmsItem
from .bandit_state_bandit import BanditStateBandit
from .bandits_response_200 import BanditsResponse200
from .calibration import Calibration
from .calibration_item import CalibrationItem
from .calibration_request import CalibrationRequest
from .checker import Checker
from .code_with_tests_code import CodeWithTestsCode
from .code_with_tests_code_kind import CodeWithTestsCodeKind
from .epoch_metrics import EpochMetrics
from .epoch_run import EpochRun
from .epoch_run_pool import EpochRunPool
from .epoch_run_request import EpochRunRequest
from .epoch_run_request_pool import EpochRunRequestPool
from .epoch_run_request_pool_name import EpochRunRequestPoolName
from .epoch_run_status import EpochRunStatus
from .error_record import ErrorRecord
from .evolution_run import EvolutionRun
from .evolution_run_metrics_item import EvolutionRunMetricsItem
from .evolution_run_metrics_item_accuracy_by_task_type import EvolutionRunMetricsItemAccuracyByTaskType
from .evolution_run_metrics_item_memory_counts import EvolutionRunMetricsItemMemoryCounts
from .evolution_run_metrics_item_probation import EvolutionRunMetricsItemProbation
from .evolution_run_metrics_item_rejections_item import EvolutionRunMetricsItemRejectionsItem
from .evolution_run_metrics_item_rejections_item_kind import EvolutionRunMetricsItemRejectionsItemKind
from .evolution_run_status import EvolutionRunStatus
from .experience_fields import ExperienceFields
from .experience_fields_entities_item import ExperienceFieldsEntitiesItem
from .experience_fields_errors_item import ExperienceFieldsErrorsItem
from .experience_fields_evaluation import ExperienceFieldsEvaluation
from .experience_fields_evidence_item import ExperienceFieldsEvidenceItem
from .experience_fields_failure_kind import ExperienceFieldsFailureKind
from .experience_fields_goal import ExperienceFieldsGoal
from .experience_fields_patches_item import ExperienceFieldsPatchesItem
from .experience_fields_procedure import ExperienceFieldsProcedure
from .experience_fields_procedure_budgets import ExperienceFieldsProcedureBudgets
from .experience_fields_procedure_params import ExperienceFieldsProcedureParams
from .experience_fields_skill_steps_item import ExperienceFieldsSkillStepsItem
from .experience_input import ExperienceInput
from .experience_input_entities_item import ExperienceInputEntitiesItem
from .experience_input_errors_item import ExperienceInputErrorsItem
from .experience_input_evaluation import ExperienceInputEvaluation
from .experience_input_evidence_item import ExperienceInputEvidenceItem
from .experience_input_failure_kind import ExperienceInputFailureKind
from .experience_input_goal import ExperienceInputGoal
from .experience_input_patches_item import ExperienceInputPatchesItem
from .experience_input_procedure import ExperienceInputProcedure
from .experience_input_procedure_budgets import ExperienceInputProcedureBudgets
from .experience_input_procedure_params import ExperienceInputProcedureParams
from .experience_input_skill_steps_item import ExperienceInputSkillStepsItem
from .expert_agent import ExpertAgent
from .expert_agent_create import ExpertAgentCreate
from .expert_agent_trial import ExpertAgentTrial
from .feedback_request import FeedbackRequest
from .feedback_response import FeedbackResponse
from .gate_decision import GateDecision
from .gate_decision_status import GateDecisionStatus
from .healthz_response_200 import HealthzResponse200
from .healthz_response_200_status import HealthzResponse200Status
from .index_rebuild import IndexRebuild
from .ingest_batch_response_202 import IngestBatchResponse202
from .ingest_receipt import IngestReceipt
from .ingest_receipt_status import IngestReceiptStatus
from .learner_profile import LearnerProfile
from .learner_profile_render import LearnerProfileRender
from .learner_profile_state import LearnerProfileState
from .list_agents_response_200 import ListAgentsResponse200
from .list_epoch_runs_response_200 import ListEpochRunsResponse200
from .list_experience_utility_state import ListExperienceUtilityState
from .list_experiences_response_200 import ListExperiencesResponse200
from .list_runs_response_200 import ListRunsResponse200
from .list_skills_response_200 import ListSkillsResponse200
from .list_task_types_response_200 import ListTaskTypesResponse200
from .list_tasks_response_200 import ListTasksResponse200
from .list_tools_response_200 import ListToolsResponse200
from .memory_state import MemoryState
from .namespace import Namespace
from .namespace_create import NamespaceCreate
from .neighbor import Neighbor
from .neighbors_query_response_200 import NeighborsQueryResponse200
from .neighbors_request import NeighborsRequest
from .neighbors_response_200 import NeighborsResponse200
from .openapi_json_response_200 import OpenapiJsonResponse200
from .outcome import Outcome
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .profile_score import ProfileScore
from .prune_request import PruneRequest
from .prune_result import PruneResult
from .readiness import Readiness
from .readiness_checks import ReadinessChecks
from .readiness_checks_additional_property import ReadinessChecksAdditionalProperty
from .readiness_checks_additional_property_info import ReadinessChecksAdditionalPropertyInfo
from .readiness_checks_additional_property_status import ReadinessChecksAdditionalPropertyStatus
from .readiness_status import ReadinessStatus
from .reindex_report import ReindexReport
from .reindex_request import ReindexRequest
from .retrieval_feedback_response import RetrievalFeedbackResponse
from .retrieve_request import RetrieveRequest
from .retrieve_request_mode import RetrieveRequestMode
from .retrieve_request_strategy import RetrieveRequestStrategy
from .retrieve_response import RetrieveResponse
from .retrieve_response_differs_from_answer_item import RetrieveResponseDiffersFromAnswerItem
from .retrieve_response_memories_item import RetrieveResponseMemoriesItem
from .retrieve_response_memories_item_components import RetrieveResponseMemoriesItemComponents
from .signature_match import SignatureMatch
from .signature_match_request import SignatureMatchRequest
from .signature_matches_response_200 import SignatureMatchesResponse200
from .skill import Skill
from .skill_detail import SkillDetail
from .skill_detail_history_item import SkillDetailHistoryItem
from .skill_frontier_response_200 import SkillFrontierResponse200
from .state_change import StateChange
from .stored_experience import StoredExperience
from .stored_experience_status import StoredExperienceStatus
from .task import Task
from .task_attempts_item import TaskAttemptsItem
from .task_attempts_item_stuck import TaskAttemptsItemStuck
from .task_attempts_item_stuck_reason import TaskAttemptsItemStuckReason
from .task_committed_item import TaskCommittedItem
from .task_memory import TaskMemory
from .task_memory_patches_item import TaskMemoryPatchesItem
from .task_plan import TaskPlan
from .task_plan_entities_item import TaskPlanEntitiesItem
from .task_request import TaskRequest
from .task_retrieval import TaskRetrieval
from .task_status import TaskStatus
from .task_type import TaskType
from .task_type_declaration import TaskTypeDeclaration
from .task_type_score import TaskTypeScore
from .task_type_score_memory_switch import TaskTypeScoreMemorySwitch
from .task_validator_kind import TaskValidatorKind
from .the_clients_checker_webhook import TheClientsCheckerWebhook
from .the_clients_checker_webhook_kind import TheClientsCheckerWebhookKind
from .tool import Tool
from .tool_create import ToolCreate
from .tool_create_input_schema import ToolCreateInputSchema
from .tool_create_output_schema import ToolCreateOutputSchema
from .tool_detail import ToolDetail
from .tool_input_schema import ToolInputSchema
from .tool_invocation import ToolInvocation
from .tool_output import ToolOutput
from .tool_output_schema import ToolOutputSchema
from .tool_state import ToolState
from .tool_stats import ToolStats
from .tool_test import ToolTest
from .tool_test_result import ToolTestResult
from .tool_use import ToolUse
from .tool_validation import ToolValidation
from .tool_version import ToolVersion
from .transfer_counts import TransferCounts
from .transfer_counts_rows import TransferCountsRows
from .usage import Usage
from .usage_rows_item import UsageRowsItem
from .utility import Utility
from .utility_page import UtilityPage
from .validation_feedback import ValidationFeedback
from .validation_feedback_outcome import ValidationFeedbackOutcome

__all__ = (
    "AgentRef",
    "AJSONSchemaJsonSchema",
    "AJSONSchemaJsonSchemaKind",
    "AMatchAgainstGoldExactNormalized",
    "AMatchAgainstGoldExactNormalizedKind",
    "AnswerMode",
    "AnswerRequest",
    "AnswerRequestMode",
    "AnswerRequestSearchArm",
    "AnswerResponse",
    "AnswerSpec",
    "BanditArm",
    "BanditArmBandit",
    "BanditsResponse200",
    "BanditState",
    "BanditStateArmsItem",
    "BanditStateBandit",
    "Calibration",
    "CalibrationItem",
    "CalibrationRequest",
    "Checker",
    "CodeWithTestsCode",
    "CodeWithTestsCodeKind",
    "EpochMetrics",
    "EpochRun",
    "EpochRunPool",
    "EpochRunRequest",
    "EpochRunRequestPool",
    "EpochRunRequestPoolName",
    "EpochRunStatus",
    "ErrorRecord",
    "EvolutionRun",
    "EvolutionRunMetricsItem",
    "EvolutionRunMetricsItemAccuracyByTaskType",
    "EvolutionRunMetricsItemMemoryCounts",
    "EvolutionRunMetricsItemProbation",
    "EvolutionRunMetricsItemRejectionsItem",
    "EvolutionRunMetricsItemRejectionsItemKind",
    "EvolutionRunStatus",
    "ExperienceFields",
    "ExperienceFieldsEntitiesItem",
    "ExperienceFieldsErrorsItem",
    "ExperienceFieldsEvaluation",
    "ExperienceFieldsEvidenceItem",
    "ExperienceFieldsFailureKind",
    "ExperienceFieldsGoal",
    "ExperienceFieldsPatchesItem",
    "ExperienceFieldsProcedure",
    "ExperienceFieldsProcedureBudgets",
    "ExperienceFieldsProcedureParams",
    "ExperienceFieldsSkillStepsItem",
    "ExperienceInput",
    "ExperienceInputEntitiesItem",
    "ExperienceInputErrorsItem",
    "ExperienceInputEvaluation",
    "ExperienceInputEvidenceItem",
    "ExperienceInputFailureKind",
    "ExperienceInputGoal",
    "ExperienceInputPatchesItem",
    "ExperienceInputProcedure",
    "ExperienceInputProcedureBudgets",
    "ExperienceInputProcedureParams",
    "ExperienceInputSkillStepsItem",
    "ExpertAgent",
    "ExpertAgentCreate",
    "ExpertAgentTrial",
    "FeedbackRequest",
    "FeedbackResponse",
    "GateDecision",
    "GateDecisionStatus",
    "HealthzResponse200",
    "HealthzResponse200Status",
    "IndexRebuild",
    "IngestBatchResponse202",
    "IngestReceipt",
    "IngestReceiptStatus",
    "LearnerProfile",
    "LearnerProfileRender",
    "LearnerProfileState",
    "ListAgentsResponse200",
    "ListEpochRunsResponse200",
    "ListExperiencesResponse200",
    "ListExperienceUtilityState",
    "ListRunsResponse200",
    "ListSkillsResponse200",
    "ListTasksResponse200",
    "ListTaskTypesResponse200",
    "ListToolsResponse200",
    "MemoryState",
    "Namespace",
    "NamespaceCreate",
    "Neighbor",
    "NeighborsQueryResponse200",
    "NeighborsRequest",
    "NeighborsResponse200",
    "OpenapiJsonResponse200",
    "Outcome",
    "Problem",
    "ProblemErrorsItem",
    "ProfileScore",
    "PruneRequest",
    "PruneResult",
    "Readiness",
    "ReadinessChecks",
    "ReadinessChecksAdditionalProperty",
    "ReadinessChecksAdditionalPropertyInfo",
    "ReadinessChecksAdditionalPropertyStatus",
    "ReadinessStatus",
    "ReindexReport",
    "ReindexRequest",
    "RetrievalFeedbackResponse",
    "RetrieveRequest",
    "RetrieveRequestMode",
    "RetrieveRequestStrategy",
    "RetrieveResponse",
    "RetrieveResponseDiffersFromAnswerItem",
    "RetrieveResponseMemoriesItem",
    "RetrieveResponseMemoriesItemComponents",
    "SignatureMatch",
    "SignatureMatchesResponse200",
    "SignatureMatchRequest",
    "Skill",
    "SkillDetail",
    "SkillDetailHistoryItem",
    "SkillFrontierResponse200",
    "StateChange",
    "StoredExperience",
    "StoredExperienceStatus",
    "Task",
    "TaskAttemptsItem",
    "TaskAttemptsItemStuck",
    "TaskAttemptsItemStuckReason",
    "TaskCommittedItem",
    "TaskMemory",
    "TaskMemoryPatchesItem",
    "TaskPlan",
    "TaskPlanEntitiesItem",
    "TaskRequest",
    "TaskRetrieval",
    "TaskStatus",
    "TaskType",
    "TaskTypeDeclaration",
    "TaskTypeScore",
    "TaskTypeScoreMemorySwitch",
    "TaskValidatorKind",
    "TheClientsCheckerWebhook",
    "TheClientsCheckerWebhookKind",
    "Tool",
    "ToolCreate",
    "ToolCreateInputSchema",
    "ToolCreateOutputSchema",
    "ToolDetail",
    "ToolInputSchema",
    "ToolInvocation",
    "ToolOutput",
    "ToolOutputSchema",
    "ToolState",
    "ToolStats",
    "ToolTest",
    "ToolTestResult",
    "ToolUse",
    "ToolValidation",
    "ToolVersion",
    "TransferCounts",
    "TransferCountsRows",
    "Usage",
    "UsageRowsItem",
    "Utility",
    "UtilityPage",
    "ValidationFeedback",
    "ValidationFeedbackOutcome",
)
