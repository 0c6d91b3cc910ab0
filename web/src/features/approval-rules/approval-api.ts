import { useQuery } from '@tanstack/react-query';
import { ZApprovalRuleList, type ApprovalKind, type TApprovalRuleInput } from '@tonnage/contracts';
import { api, apiSend } from '../../app/api';

export const approvalRuleKeys = { all: ['approval-rules'] as const };

/** `GET /api/approval-rules`: the agency's rules, at most one per kind. */
export function useApprovalRules() {
  return useQuery({ queryKey: approvalRuleKeys.all, queryFn: () => api('/api/approval-rules', { schema: ZApprovalRuleList }) });
}

/** `PUT /api/approval-rules/{kind}`: creates or replaces the kind's ordered approvers. */
export function saveApprovalRule(input: TApprovalRuleInput) {
  return apiSend(`/api/approval-rules/${input.kind}`, { method: 'PUT', body: input });
}

export function deleteApprovalRule(kind: ApprovalKind) {
  return apiSend(`/api/approval-rules/${kind}`, { method: 'DELETE' });
}
