package mcp

// tool is one MCP tool backed by one operation of the REST API.
type tool struct {
	name, title, description string
	// method and path name the operation, as the document spells the path.
	method, path string
	// ids maps a path parameter other than {ns} to the tool's input member
	// carrying it.
	ids map[string]string
	// query names the operation's query parameters the tool takes, each an
	// input member of its own.
	query []string
	// body names the input member holding the request body. Empty when the
	// body schema is a plain object: its members are the tool's own, beside
	// namespace and the ids.
	body string
	// readOnly marks tools that change nothing.
	readOnly bool
}

const nsPrefix = "/v1/namespaces/{ns}"

// tools are the tools the server offers, in the order it lists them.
var tools = []tool{
	{name: "remember", title: "Remember an experience", method: "POST", path: nsPrefix + "/experiences", body: "experience",
		description: "Store what you learned on a task so later tasks of the same task_type can use it. " +
			"experience.outcome says what it is: success_memory (a question you solved, with its answer and chain_of_thought; " +
			"send evaluation {correct, efficient, complete} in [0,1] if you graded it, otherwise the platform grades it), " +
			"failure_memory (a question you got wrong, with what went wrong and its correction), " +
			"or principle (a reusable rule, in content). The schema describes every field. " +
			"Returns a receipt whose id memory_status follows until the memory is committed."},
	{name: "memory_status", title: "Memory status", method: "GET", path: nsPrefix + "/experiences/{id}",
		ids: map[string]string{"id": "memory_id"}, readOnly: true,
		description: "Read one stored experience by the id remember returned: its status is embedding, evaluating, " +
			"queued, committed (searchable and in the graph) or failed with status_reason."},
	{name: "memory_utility", title: "Memory utility", method: "GET", path: nsPrefix + "/experiences/{id}/utility",
		ids: map[string]string{"id": "memory_id"}, readOnly: true,
		description: "Read whether a memory is served and whether it helps: its state (active: served; probationary: " +
			"not served until an evolution run's probation tries it; quarantined: kept, not served), the reason, " +
			"the rewarded answers that showed it right and wrong, probation's replays and its utility score in [0,1] (0.5 without evidence)."},
	{name: "quarantine_memory", title: "Quarantine a memory", method: "POST", path: nsPrefix + "/experiences/{id}/quarantine",
		ids: map[string]string{"id": "memory_id"},
		description: "Take a memory that misleads out of service, with your reason: it is kept (never deleted) but no " +
			"recall, answer or cascade shows it until restore_memory. Returns its utility, now quarantined."},
	{name: "restore_memory", title: "Restore a memory", method: "POST", path: nsPrefix + "/experiences/{id}/restore",
		ids:         map[string]string{"id": "memory_id"},
		description: "Serve a quarantined or probationary memory again, with your reason. Returns its utility, now active."},
	{name: "list_memories", title: "Memories by state", method: "GET", path: nsPrefix + "/experiences/utility",
		query: []string{"state", "task_type", "cursor", "limit"}, readOnly: true,
		description: "List the memories that are not served, by state: probationary (waiting for probation) or " +
			"quarantined (by live evidence, probation or a client), each with its reason and utility; " +
			"pass next_cursor as cursor for the next page."},
	{name: "recall", title: "Recall memories", method: "POST", path: nsPrefix + "/retrieve",
		description: "Get the memory pack for a question of a task type: prompt is the rendered memory block to put " +
			"before the question in your prompt; memories are the items it was built from (successes, failure corrections, " +
			"principles, structural matches, graph neighbours), each with its experience_id, score and utility. " +
			"The pack is recorded under its id: reward it with recall_feedback once you know whether it helped."},
	{name: "recall_feedback", title: "Reward a recall", method: "POST", path: nsPrefix + "/retrievals/{id}/feedback",
		ids: map[string]string{"id": "recall_id"},
		description: "Reward a memory pack returned by the recall tool, once: reward in [0,1] (1 = it helped you " +
			"answer right, 0 = it did not). The reward updates the search bandit's posterior for the retrieval strategy " +
			"that built the pack, which chooses the strategy of later recalls of the task type. " +
			"A second reward for the same recall is an error."},
	{name: "answer", title: "Answer with memory", method: "POST", path: nsPrefix + "/answer",
		description: "Have the platform's learner model answer a question of a task type with the memory pack. " +
			"Returns the answer in the task type's answer mode (answer_mode; in expression mode the expression too, " +
			"and its value as the answer), its id (reward it with answer_feedback), the memories and bandit arms used " +
			"and the learner profile it answered under."},
	{name: "answer_feedback", title: "Reward an answer", method: "POST", path: nsPrefix + "/answers/{id}/feedback",
		ids: map[string]string{"id": "answer_id"},
		description: "Reward an answer returned by the answer tool, once: reward in [0,1] (1 = right, 0 = wrong). " +
			"The reward updates the bandits that chose the memories and the route, and the task type's statistics. " +
			"A second reward for the same answer is an error."},
	{name: "skills", title: "Skills", method: "GET", path: nsPrefix + "/skills", readOnly: true,
		description: "List the namespace's skills with their mastery in [0,1] and status."},
	{name: "task_types", title: "Task types", method: "GET", path: nsPrefix + "/task-types", readOnly: true,
		description: "List the task types with how often each was seen and failed and its curriculum score s(t): " +
			"the higher the score, the more the agent should practise it."},
	{name: "declare_task_type", title: "Declare a task type's answer mode and checker", method: "PUT", path: nsPrefix + "/task-types/{name}",
		ids: map[string]string{"name": "task_type"},
		description: "Say how the questions of a task type are answered, before asking them: answer.mode text (free text, " +
			"the default), number (a number), choice (exactly one of answer.choices, 2 to 50 distinct strings) or " +
			"expression (you get an arithmetic expression the platform's calculator evaluates, and its value as the answer). " +
			"An optional description describes the task type. An optional checker states the task type's rule: pattern, a " +
			"regular expression whose capture groups are an expression's operands, code, Starlark defining run(operands) " +
			"that returns the rule's value as a number (None when it cannot tell), and example, a text stating a matched " +
			"expression with its true value; evolution runs then keep out of memory any text stating another value, and " +
			"refuse items whose gold answer is not the checker's. Without checker, the task type's checker is removed. " +
			"Returns the task type with its answer mode and checker."},
	{name: "learner_profile", title: "Learner profile", method: "GET", path: nsPrefix + "/learner-profile",
		query: []string{"model"}, readOnly: true,
		description: "Read how the platform's learner model is given memory in this namespace: the rendering (block: " +
			"one memory block; turns: worked examples as chat turns), how many memories and how long each, and whether it " +
			"reasons first; stored is false while the default is in force, and calibration holds the measurement that chose it, if one did."},
	{name: "graph_neighbors", title: "Graph neighbours", method: "POST", path: nsPrefix + "/graph/neighbors", readOnly: true,
		description: "Experiences within 1 or 2 hops of seed experiences in the knowledge graph (seeds are experience ids, " +
			"e.g. recall's memories[].experience_id)."},
	{name: "list_tools", title: "Tools", method: "GET", path: nsPrefix + "/tools", readOnly: true,
		description: "List the namespace's tools (Starlark code run in a sandbox), the latest version of each, " +
			"with its schemas, tests and validation record: validated is true only if every test passed."},
	{name: "invoke_tool", title: "Invoke a tool", method: "POST", path: nsPrefix + "/tools/{name}/invoke",
		ids: map[string]string{"name": "tool"},
		description: "Run the latest version of a tool on input in the sandbox and get its output. An input outside " +
			"the tool's input schema, or a run stopped by a sandbox limit (steps, time, memory, output), is an error that says which."},
	{name: "start_evolution", title: "Start an evolution run", method: "POST", path: nsPrefix + "/evolution-runs", body: "run",
		description: "Start a MAGE evolution run over a question pool (generator {name, size, seed} or pool items) " +
			"as a background job. One run per namespace may be active, and iterations and questions are capped " +
			"(the schema's maxima); both are errors that say why. Returns the run, whose id evolution_status reads."},
	{name: "evolution_status", title: "Evolution run status", method: "GET", path: nsPrefix + "/evolution-runs/{id}",
		ids: map[string]string{"id": "run_id"}, readOnly: true,
		description: "Read an evolution run: its status and per-iteration metrics (accuracy, memory growth, rollbacks)."},
	{name: "start_epoch_run", title: "Start a PRGII epoch run", method: "POST", path: nsPrefix + "/epoch-runs",
		description: "Send a built-in pool (pool {name, size, seed}) through PRGII for several epochs as a background job, " +
			"memory growing; with frozen, the test split is then evaluated once with memory frozen. One run per " +
			"namespace may be active; refusals are errors that say why. Returns the run, whose id epoch_run_status reads."},
	{name: "epoch_run_status", title: "Epoch run status", method: "GET", path: nsPrefix + "/epoch-runs/{id}",
		ids: map[string]string{"id": "run_id"}, readOnly: true,
		description: "Read an epoch run: its status and per-epoch SR, CSR, mean attempts and first-attempt success " +
			"(computed from the stored attempts), the frozen result and each epoch's task ids."},
}
