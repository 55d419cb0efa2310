package graph

// Labels is the closed list of node labels the graph uses. Statements write
// them as literal text; none is ever built from input (a test checks every
// file of cypher/ against this list and the Browser style against it).
var Labels = []string{
	"Skill", "TaskType",
	"Experience", "Principle", "FailureMemory", "SuccessMemory", "RetrievalRecipe", "AbstractedPattern",
	"Entity", "Operation",
	"WorldEntity", "Observation",
	"Tool", "ExpertAgent",
	"Task", "Attempt",
	"SchemaVersion", "SkillGraph", "ExperienceClock",
}

// RelationshipTypes is the closed list of relationship types.
var RelationshipTypes = []string{
	// Capability and task subgraphs.
	"PREREQUISITE_OF", "COMPOSES_INTO", "SKILL_FOR_TASK", "PRINCIPLE_OF",
	// APEX-EM's PKG types that projection draws.
	"FOLLOWED_BY", "MEMBER_OF", "USES_ENTITY",
	"SIMILAR_TO", "STRUCTURALLY_SIMILAR_TO", "DERIVED_FROM", "SUPERSEDES",
	// Signature steps.
	"USES_OPERATION",
	// Environment subgraph.
	"WORLD_RELATION", "OBSERVES",
	// Asset memory.
	"CAN_USE", "CREATED_FROM", "HAS_TOOL",
	// PRGII task traces.
	"ATTEMPTED", "NEXT_ATTEMPT", "RETRIEVED", "COMMITTED_AS",
}
